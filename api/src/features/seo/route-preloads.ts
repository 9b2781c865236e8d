/**
 * Preloads of the requested screen's code, written into the shell (docs/decisions/018-route-code-in-the-shell.md).
 * Every screen is a lazy chunk (web/src/app/router.tsx), so without this the browser learns which one it
 * needs only after the entry script has run: one more round trip, then one more for that chunk's own
 * imports. The server knows the path, so it names the screen's chunk, everything the chunk imports
 * statically and its stylesheets, and the browser fetches them in parallel with the entry script.
 * The reader also gets pdf.js and its viewer, which it starts at route match anyway.
 *
 * On a visitor's page with a static picture of its first screen the app's code waits instead
 * (docs/decisions/020-app-starts-after-the-first-paint.md): the page names only a small module
 * (web/src/start-after-paint.ts) and lists the entry, every module preload and the screen's stylesheets in a
 * data block, which that module loads once the picture is drawn.
 *
 * Read from Vite's build manifest once (a new build means a new process). A build without a manifest
 * (development through Vite) gets no preloads and starts at once. Pure apart from that one read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { jsonForScriptElement } from '@shared/initial-data';
import { escapeHtml } from './seo-head';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Id of the data block listing the app's code (APP_CODE_ID in web/src/start-after-paint.ts reads it). */
export const APP_CODE_ELEMENT_ID = 'wb-app-code';
/** The manifest key of the module that starts the app after the first paint (an entry of vite.config.ts). */
const START_AFTER_PAINT_MODULE = 'src/start-after-paint.ts';
/** The manifest key of the reader page's own script, which draws the book's first page (an entry of vite.config.ts). */
const READER_FIRST_PAGE_MODULE = 'src/reader-first-page.ts';
/**
 * What that script's code imports as soon as it starts besides its own dynamic imports (the licence request and the
 * code that opens the book and draws its first page, one chunk: vite.config.ts): pdf.js's library.
 */
const READER_FIRST_PAGE_LIBRARIES = ['src/features/reader/pdf/pdfjs-global.ts'];
/**
 * The manifest key of the reader page's stylesheet (an entry of vite.config.ts): the picture's utilities alone, applied
 * instead of the app's whole stylesheet (docs/decisions/025-reader-first-page.md#the-pictures-stylesheet).
 */
const READER_PICTURE_STYLESHEET = 'src/reader-picture.css';
/** The app's own tags in the built shell: its entry script, the entry's module preloads and its stylesheets. */
const ENTRY_SCRIPT_TAG = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;
const MODULE_PRELOAD_TAG = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;
const STYLESHEET_TAG = /<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g;

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

export interface TRoutePreloads {
  /** The `<link>` tags that preload a path's screen scripts and stylesheets (empty when none). */
  tags(pathname: string): string;
  /**
   * The page with the app's entry script and module preloads replaced by the start-after-paint module and a
   * data block naming them and the path's screen code; the page as it is when the build has no such module.
   */
  startAfterPaint(html: string, pathname: string): string;
  /**
   * A reader page that carries its book, with the app's entry script and module preloads replaced by the reader
   * page's own script (which draws the first page, then loads the app; docs/decisions/025-reader-first-page.md), its
   * imports and pdf.js preloaded, the reader's stylesheets applied (the picture of the reader uses them) and the
   * app's code in the data block; the page as it is when the build has no such module.
   */
  readerFirstPage(html: string, pathname: string): string;
}

interface TScreenCode {
  pattern: RegExp;
  scripts: string[];
  styles: string[];
  tags: string;
}

export function createRoutePreloads(webRoot: string, shell: string): TRoutePreloads {
  const manifestFile = path.join(webRoot, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile))
    return { tags: () => '', startAfterPaint: (html) => html, readerFirstPage: (html) => html };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  /** The files of `modules` and of everything they import statically, entries left out (the shell names the app's). */
  const filesOf = (modules: string[]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const module of modules) visit(module);
    return { scripts, styles };
  };

  const screens: TScreenCode[] = ROUTE_MODULES.map(({ pattern, modules }) => {
    const { scripts, styles } = filesOf(modules);
    // What the shell already names (the entry and its imports, its stylesheet) is not named twice.
    const named = (file: string) => shell.includes(`/${file}"`);
    const screenStyles = [...styles].filter((file) => !named(file)).map((file) => `/${file}`);
    const screenScripts = [...scripts].filter((file) => /\.m?js$/.test(file) && !named(file)).map((file) => `/${file}`);
    const tags = [
      // Fetched now, applied when the screen's code inserts it: a stylesheet link here would hold the first paint.
      ...screenStyles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}" />`),
      ...screenScripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`),
    ];
    return { pattern, scripts: screenScripts, styles: screenStyles, tags: tags.join('\n    ') };
  });
  const screenFor = (pathname: string) => screens.find(({ pattern }) => pattern.test(pathname));

  const entryTag = ENTRY_SCRIPT_TAG.exec(shell);
  const entryPreloadTags = [...shell.matchAll(MODULE_PRELOAD_TAG)];
  const appStylesheetTags = [...shell.matchAll(STYLESHEET_TAG)];
  /**
   * The page with the app's entry tag replaced by `tags` and the data block naming the app's code, its preloads gone;
   * with `appStylesApplied` false the app's stylesheets leave the page too and the block names them, applied before
   * the entry runs.
   */
  const replaceEntry = (
    html: string,
    code: { modules: string[]; styles: string[]; appStylesApplied: boolean },
    tags: string[],
  ) => {
    if (!entryTag || !html.includes(entryTag[0])) return html;
    const block = {
      entry: entryTag[1],
      modules: [...entryPreloadTags.map((tag) => tag[1]), ...code.modules],
      styles: code.styles,
      appStyles: code.appStylesApplied ? [] : appStylesheetTags.map((tag) => tag[1]),
    };
    let page = html.replace(
      entryTag[0],
      [
        `<script type="application/json" id="${APP_CODE_ELEMENT_ID}">${jsonForScriptElement(block)}</script>`,
        ...tags,
      ].join('\n    '),
    );
    const removed = [...entryPreloadTags, ...(code.appStylesApplied ? [] : appStylesheetTags)];
    for (const [tag] of removed) page = page.replace(new RegExp(`[ \\t]*${escapeRegExp(tag)}\\n?`), '');
    return page;
  };

  const modulePreloadTag = (file: string) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`;

  const startModule = manifest[START_AFTER_PAINT_MODULE]?.file;
  const startImports = filesOf(manifest[START_AFTER_PAINT_MODULE]?.imports ?? []);
  const startAfterPaint = (html: string, pathname: string) => {
    if (!startModule) return html;
    const screen = screenFor(pathname);
    return replaceEntry(
      html,
      { modules: screen?.scripts ?? [], styles: screen?.styles ?? [], appStylesApplied: true },
      [
        ...[...startImports.scripts].map(modulePreloadTag),
        `<script type="module" crossorigin src="/${escapeHtml(startModule)}"></script>`,
      ],
    );
  };

  const readerModule = manifest[READER_FIRST_PAGE_MODULE]?.file;
  const readerEntry = manifest[READER_FIRST_PAGE_MODULE];
  const readerImports = filesOf([
    ...(readerEntry?.imports ?? []),
    ...(readerEntry?.dynamicImports ?? []),
    ...READER_FIRST_PAGE_LIBRARIES,
  ]);
  const readerPictureStylesheet = manifest[READER_PICTURE_STYLESHEET]?.file;
  const readerFirstPage = (html: string, pathname: string) => {
    if (!readerModule) return html;
    const screen = screenFor(pathname);
    // The picture's own small stylesheet instead of the app's (7 KB of rules against 79): fetching, parsing and matching
    // the app's whole stylesheet held the picture's paint; a first open draws its page about 24 ms sooner without it.
    const pictureStyles = readerPictureStylesheet ? [`/${readerPictureStylesheet}`] : [];
    // Async and first: a deferred script waits for every stylesheet of the page, and this one starts pdf.js's worker,
    // the longest download of a first open; the stylesheets hold the picture's paint, not the script.
    return replaceEntry(
      html,
      { modules: screen?.scripts ?? [], styles: [], appStylesApplied: !readerPictureStylesheet },
      [
        `<script type="module" async crossorigin src="/${escapeHtml(readerModule)}"></script>`,
        ...[...readerImports.scripts].map(modulePreloadTag),
        ...[...pictureStyles, ...(screen?.styles ?? [])].map(
          (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`,
        ),
      ],
    );
  };

  return { tags: (pathname) => screenFor(pathname)?.tags ?? '', startAfterPaint, readerFirstPage };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
