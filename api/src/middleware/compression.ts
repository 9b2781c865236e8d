/**
 * Compresses responses on the fly when the browser accepts it: API JSON (mounted on /api/*) and the
 * server-rendered shell (mounted on its route: its SEO tags differ per page, so it cannot be compressed
 * at build time). Static files are not behind it: they carry their build-time variants
 * (features/seo/static-files.ts), and looking at their answers again measured at a third of their rate.
 *
 * Left as they are:
 * - encrypted chunks, set aside by path: ciphertext does not compress, and a type change must never
 *   start spending CPU on it;
 * - already-compressed types (PDFs, images, fonts), by the same content-type list hono/compress uses;
 * - partial (206) and empty answers, answers already encoded, `Cache-Control: no-transform`, and
 *   bodies under 1 KiB, where the framing costs more than it saves.
 *
 * Why not hono/compress: it cannot apply its size threshold to Hono's own JSON answers (they carry no
 * Content-Length until the Node adapter writes them), it has no brotli, and it skips HEAD, so a HEAD
 * request would not show what a GET sends. Compressible bodies here are built in memory (no route
 * streams JSON or HTML), so they are compressed whole and keep an exact Content-Length.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { type ContentEncoding, chooseEncoding, varyWithAcceptEncoding } from '../lib/content-encoding';
import { readRequestHeader } from '../lib/request-headers';
import { addResponseHeaders } from '../lib/response-headers';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Encrypted book chunks: `/api/books/:id/chunks/:n`. */
const UNCOMPRESSED_PATH = /^\/api\/books\/[^/]+\/chunks\//;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const UNCOMPRESSED_STATUSES = new Set([204, 206, 304]);

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);
/**
 * Quality 5 compresses JSON better than gzip in about the same time (11 is for build-time files); the
 * size hint lets the encoder size its buffers to the body instead of its largest window.
 */
const brotliOnTheFly = (size: number) => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});
/**
 * Below this, compressing in place (tens of microseconds for a catalogue page) is cheaper than the
 * hand-off to libuv's thread pool; above it, the event loop is not held while a large body compresses.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

function encode(body: Uint8Array, encoding: ContentEncoding): Buffer | Promise<Buffer> {
  if (body.byteLength <= SYNC_COMPRESSION_MAX_BYTES)
    return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOnTheFly(body.byteLength)) : zlib.gzipSync(body);
  return encoding === 'br' ? brotliCompress(body, brotliOnTheFly(body.byteLength)) : gzipCompress(body);
}

export const compressResponses = () =>
  createMiddleware(async (c, next) => {
    if (UNCOMPRESSED_PATH.test(c.req.path)) return next();
    const encoding = chooseEncoding(readRequestHeader(c, 'accept-encoding'));
    if (!encoding) {
      // The body would differ for a client that accepts compression: caches must key on the header.
      // Set on the Node response directly, so an identity answer costs no Headers object.
      addResponseHeaders(c, [['Vary', 'Accept-Encoding']]);
      return next();
    }
    await next();

    const response = c.res;
    const contentType = response.headers.get('Content-Type');
    if (
      !response.body ||
      UNCOMPRESSED_STATUSES.has(response.status) ||
      !contentType ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType) ||
      response.headers.has('Content-Encoding') ||
      NO_TRANSFORM.test(response.headers.get('Cache-Control') ?? '')
    )
      return;
    const headers = new Headers(response.headers);
    headers.set('Vary', varyWithAcceptEncoding(headers.get('Vary')));
    const body = new Uint8Array(await response.arrayBuffer());
    let sent: Uint8Array<ArrayBuffer> = body;
    if (body.byteLength >= COMPRESSION_THRESHOLD_BYTES) {
      const compressed = await encode(body, encoding);
      sent = new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength) as Uint8Array<ArrayBuffer>;
      headers.set('Content-Encoding', encoding);
      // A strong validator names exact bytes; these are no longer the bytes it was computed from.
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String(sent.byteLength));
    // Cleared first: assigning over an answer makes Hono wrap the new body in a stream and copy the
    // old headers onto it, which the Node adapter then writes chunk by chunk instead of in one go.
    c.res = undefined;
    c.res = new Response(sent, { status: response.status, statusText: response.statusText, headers });
  });
