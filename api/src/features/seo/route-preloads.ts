/**
 * Preloads of the requested screen's code, written into the shell (docs/decisions/018-route-code-in-the-shell.md).
 * Every screen is a lazy chunk (web/src/app/router.tsx), so without this the browser learns which one it
 * needs only after the entry script has run: one more round trip, then one more for that chunk's own
 * imports. The server knows the path, so it names the screen's chunk, everything the chunk imports
 * statically and its stylesheets, and the browser fetches them in parallel with the entry script.
 * The reader also gets pdf.js and its viewer, which it starts at route match anyway.
 *
 * Read from Vite's build manifest once (a new build means a new process). A build without a manifest
 * (development through Vite) gets no preloads. Pure apart from that one read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './seo-head';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The screens worth preloading: the public first screens and the reader. Keys are Vite manifest keys. */
const ROUTE_MODULES: { pattern: RegExp; modules: string[] }[] = [
  { pattern: /^\/(?:index\.html)?$/, modules: ['src/features/home/home-page.tsx'] },
  { pattern: /^\/bookstore\/?$/, modules: ['src/features/catalogue/bookstore-page.tsx'] },
  { pattern: /^\/book\/[^/]+\/?$/, modules: ['src/features/catalogue/book-detail-page.tsx'] },
  {
    pattern: /^\/(?:reader|read)\/[^/]+\/?$/,
    modules: ['src/features/reader/reader-page.tsx', 'src/features/reader/pdf/pdfjs-modules.ts'],
  },
];

export type TRoutePreloads = (pathname: string) => string;

/** Returns, for a path, the `<link>` tags that preload its screen's scripts and stylesheets (empty when none). */
export function createRoutePreloads(webRoot: string, shell: string): TRoutePreloads {
  const manifestFile = path.join(webRoot, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const tagsByRoute = ROUTE_MODULES.map(({ pattern, modules }) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      // The entry and its imports are in the shell already.
      if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    // What the shell already names (the entry and its imports, its stylesheet) is not named twice.
    const named = (file: string) => shell.includes(`/${file}"`);
    const tags = [
      // Fetched now, applied when the screen's code inserts it: a stylesheet link here would hold the first paint.
      ...[...styles]
        .filter((file) => !named(file))
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`),
      ...[...scripts]
        .filter((file) => /\.m?js$/.test(file) && !named(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ];
    return { pattern, tags: tags.join('\n    ') };
  });

  return (pathname) => tagsByRoute.find(({ pattern }) => pattern.test(pathname))?.tags ?? '';
}
