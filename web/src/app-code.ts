/**
 * The app's code as the server names it on a page that starts the app itself after drawing something first
 * (docs/decisions/020-app-starts-after-the-first-paint.md, docs/decisions/025-reader-first-page.md): the entry,
 * its module preloads, the screen's stylesheets and, on a reader page, the app's own stylesheet in a data block, and
 * the loader that adds them to the page.
 * Used by the two small modules such pages name (start-after-paint.ts, reader-first-page.ts). Imports nothing.
 */

/** The data block the server writes (APP_CODE_ELEMENT_ID in api/src/features/seo/route-preloads.ts). */
const APP_CODE_ID = 'wb-app-code';
/** Preload links added per task (see loadApp). */
const LINKS_PER_TASK = 8;

export interface TAppCode {
  entry: string;
  modules: string[];
  /** The screen's stylesheets: fetched now, applied when the screen's code inserts them. */
  styles: string[];
  /**
   * The app's own stylesheet when the page left it out of its first paint (the reader page, whose picture has a small
   * stylesheet of its own: docs/decisions/025-reader-first-page.md#the-pictures-stylesheet): applied before the entry
   * runs, so the app never lays out without it.
   */
  appStyles: string[];
}

export function readAppCode(): TAppCode | null {
  const block = document.getElementById(APP_CODE_ID);
  if (!block?.textContent) return null;
  try {
    const code = JSON.parse(block.textContent) as Partial<TAppCode>;
    if (typeof code.entry !== 'string') return null;
    return {
      entry: code.entry,
      modules: code.modules ?? [],
      styles: code.styles ?? [],
      appStyles: code.appStyles ?? [],
    };
  } catch {
    return null;
  }
}

function appendLink(rel: string, href: string, as?: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  if (as) link.as = as;
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
  return link;
}

function appendEntry(entry: string): void {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** Resolves once the stylesheet has loaded or failed (a failed one must not keep the app from starting). */
function applyStylesheet(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = appendLink('stylesheet', href);
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * The entry first, then its imports' and the screen's preloads a few per task: each link starts a fetch at once,
 * and thirty in one task block a slow phone's main thread; they still arrive long before the entry, which must
 * come over the network before it can ask for its imports. With the app's stylesheet to apply first, the entry is
 * preloaded beside it and runs once the stylesheet is in.
 */
export function loadApp(code: TAppCode): void {
  const links: [rel: string, href: string, as?: string][] = [];
  if (code.appStyles.length === 0) appendEntry(code.entry);
  else {
    links.push(['modulepreload', code.entry]);
    void Promise.all(code.appStyles.map(applyStylesheet)).then(() => appendEntry(code.entry));
  }
  links.push(
    ...code.modules.map((href): [string, string] => ['modulepreload', href]),
    ...code.styles.map((href): [string, string, string] => ['preload', href, 'style']),
  );
  const appendBatch = () => {
    for (const [rel, href, as] of links.splice(0, LINKS_PER_TASK)) appendLink(rel, href, as);
    if (links.length > 0) setTimeout(appendBatch, 0);
  };
  appendBatch();
}
