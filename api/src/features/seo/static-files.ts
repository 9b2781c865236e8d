/**
 * The built PWA's files, served from memory. The folder is listed once at start (a new build means a
 * new process); each file and its build-time `.br`/`.gz` variants (scripts/build.mjs) are read on its
 * first request and kept, with every response header computed then, so a request costs a map lookup.
 * @hono/node-server's serveStatic would stat and stream the file from disk on every request, which
 * measured slower than the catalogue's JSON answer.
 *
 * Only files found by the listing can be served: a request path is a key, never joined to the folder,
 * so `..` and encoded separators cannot reach outside it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { CONTENT_ENCODINGS, type ContentEncoding, chooseEncoding } from '../../lib/content-encoding';

const VARIANT_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };
const VARIANT_FILE = /\.(?:br|gz)$/;

/** One encoding of a file, ready to send. */
export interface StaticRepresentation {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The full header set of a 200 answer; a 304 sends the validators and cache rules only. */
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
}

interface LoadedFile {
  encodings: ContentEncoding[];
  representations: Partial<Record<ContentEncoding | 'identity', StaticRepresentation>>;
}

/** Headers that depend on the path (cache rules, the service worker's scope), chosen by the caller. */
export type PathHeaders = (requestPath: string) => Record<string, string>;

export function createStaticFiles(root: string, pathHeaders: PathHeaders) {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const base = absolute.replace(VARIANT_FILE, '');
    // A variant is part of its file's answer, not a file of its own.
    if (base !== absolute && fs.existsSync(base)) continue;
    files.set(`/${path.relative(root, absolute).split(path.sep).join('/')}`, absolute);
  }
  const loaded = new Map<string, LoadedFile>();

  function load(requestPath: string, absolute: string): LoadedFile {
    const identity = fs.readFileSync(absolute);
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    const contentType = getMimeType(absolute) ?? 'application/octet-stream';
    const common = pathHeaders(requestPath);
    const file: LoadedFile = { encodings: [], representations: {} };
    for (const encoding of CONTENT_ENCODINGS) {
      const variantPath = absolute + VARIANT_SUFFIX[encoding];
      if (fs.existsSync(variantPath)) file.encodings.push(encoding);
    }
    const vary: Record<string, string> = file.encodings.length > 0 ? { Vary: 'Accept-Encoding' } : {};
    const represent = (body: Buffer, etag: string, encoding?: ContentEncoding): StaticRepresentation => {
      const notModifiedHeaders = { ...common, ...vary, ETag: etag };
      return {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
        etag,
        notModifiedHeaders,
        headers: {
          ...notModifiedHeaders,
          'Content-Type': contentType,
          'Content-Length': String(body.byteLength),
          ...(encoding ? { 'Content-Encoding': encoding } : {}),
        },
      };
    };
    file.representations.identity = represent(identity, `"${hash}"`);
    for (const encoding of file.encodings) {
      const variant = fs.readFileSync(absolute + VARIANT_SUFFIX[encoding]);
      // Each encoding is a different byte sequence, so it has its own strong validator.
      file.representations[encoding] = represent(variant, `"${hash}-${encoding}"`, encoding);
    }
    loaded.set(requestPath, file);
    return file;
  }

  return {
    /** The representation of the file at `requestPath` that `acceptEncoding` allows, or undefined if there is no such file. */
    find(requestPath: string, acceptEncoding: string | undefined): StaticRepresentation | undefined {
      let file = loaded.get(requestPath);
      if (!file) {
        const absolute = files.get(requestPath);
        if (!absolute) return undefined;
        file = load(requestPath, absolute);
      }
      const encoding = chooseEncoding(acceptEncoding, file.encodings);
      return file.representations[encoding ?? 'identity'];
    },
  };
}
