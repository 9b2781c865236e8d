/**
 * The reader page's own stylesheet (docs/decisions/025-reader-first-page.md#the-pictures-stylesheet), in the BUILT web
 * app (dist/web; built by scripts/built-web.ts only when missing, so run `npm run build` after changing web code):
 * it styles every utility class of the picture the server writes (api/src/features/seo/reader-picture-html.ts, which
 * Tailwind scans through web/src/reader-picture.css's `@source`: a renamed file would leave the picture unstyled),
 * and it stays small, without the app's other screens' rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltWeb } from './built-web';
import { readViteManifest } from './precache-list.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_DIST = process.env.BUNDLE_SCAN_DIR
  ? path.resolve(process.env.BUNDLE_SCAN_DIR)
  : path.join(ROOT, 'dist', 'web');
const PICTURE_STYLESHEET_ENTRY = 'src/reader-picture.css';
const PICTURE_HTML = path.join(ROOT, 'api/src/features/seo/reader-picture-html.ts');
/** The reader screen, whose stylesheet the page applies beside the picture's (its own classes: the desk, pdf.js's viewer). */
const READER_SCREEN = 'src/features/reader/reader-page.tsx';
/** About seven times smaller than the app's stylesheet today; a limit with room, not a measurement. */
const MOST_BYTES = 12_000;

/** A class name as it appears in a CSS selector (`lg:px-2` → `.lg\:px-2`, `gap-0.5` → `.gap-0\.5`). */
function selectorOf(className: string): string {
  return `.${className.replace(/[:./[\]]/g, (character) => `\\${character}`)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a rule's selector names the class (followed by the end of a compound or a pseudo-class). */
function styledIn(stylesheet: string, className: string): boolean {
  return new RegExp(`${escapeRegExp(selectorOf(className))}[{,:\\s[.>]`).test(stylesheet);
}

describe("the reader picture's stylesheet", () => {
  let css = '';
  let readerCss = '';
  let appCss = '';

  beforeAll(() => {
    ensureBuiltWeb(WEB_DIST);
    const manifest = readViteManifest(WEB_DIST);
    const entry = manifest[PICTURE_STYLESHEET_ENTRY];
    expect(entry?.file, 'the build has the picture stylesheet entry (vite.config.ts)').toMatch(/\.css$/);
    css = fs.readFileSync(path.join(WEB_DIST, entry.file), 'utf8');
    const read = (files: string[]) =>
      files.map((file) => fs.readFileSync(path.join(WEB_DIST, file), 'utf8')).join('\n');
    appCss = read(manifest['index.html']?.css ?? []);
    const screenStyles = new Set<string>();
    const visit = (key: string, seen: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key) || chunk.isEntry) return;
      seen.add(key);
      for (const file of chunk.css ?? []) screenStyles.add(file);
      for (const imported of chunk.imports ?? []) visit(imported, seen);
    };
    visit(READER_SCREEN, new Set());
    readerCss = read([...screenStyles]);
  }, 180_000);

  it("styles every class the picture uses, with the reader's own stylesheet", () => {
    const source = fs.readFileSync(PICTURE_HTML, 'utf8');
    const classes = new Set(
      [...source.matchAll(/class="([^"$]+)"/g)].flatMap((match) => match[1].split(/\s+/)).filter(Boolean),
    );
    expect(classes.size).toBeGreaterThan(20);
    const missing = [...classes].filter((className) => !styledIn(css, className) && !styledIn(readerCss, className));
    expect(missing).toEqual([]);
    // The utilities come from the picture's stylesheet, not from the reader's.
    expect(styledIn(css, 'h-14')).toBe(true);
    expect(styledIn(readerCss, 'h-14')).toBe(false);
  });

  it("holds the design tokens and the page's base, and none of the other screens' rules", () => {
    expect(css).toContain('--color-background:');
    expect(css).toContain('--font-serif:');
    // The reader's own stylesheet reads this token; the picture's utilities do not use it.
    expect(css).toContain('--color-muted-foreground:');
    expect(appCss).toContain('.rating-stars');
    expect(css).not.toContain('.rating-stars');
    expect(css.length).toBeLessThan(MOST_BYTES);
    expect(css.length * 5).toBeLessThan(appCss.length);
  });
});
