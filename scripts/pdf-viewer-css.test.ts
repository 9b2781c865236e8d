/**
 * The reader's copy of pdf.js's viewer stylesheet (scripts/pdf-viewer-css.mjs), checked on the installed
 * `pdfjs-dist/web/pdf_viewer.css`: the rules the reader's layers depend on are there unchanged, pdf.js's viewer
 * application is not, every custom property a kept rule reads is defined, and the file is a small part of the original.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import postcss, { type Rule } from 'postcss';
import { describe, expect, it } from 'vitest';
import {
  DROPPED_FAMILIES,
  familyOf,
  isReaderSelector,
  keepReaderViewerCss,
  pdfViewerCssForReader,
  selectorAlternatives,
} from './pdf-viewer-css.mjs';

const PDFJS = path.resolve(import.meta.dirname, '../node_modules/pdfjs-dist');
const ORIGINAL = fs.readFileSync(path.join(PDFJS, 'web/pdf_viewer.css'), 'utf8');
const KEPT = keepReaderViewerCss(ORIGINAL);

const normalise = (selector: string) => selector.replace(/\s+/g, ' ').trim();

/** Each rule's selector list (normalised) with its declarations, in order, wherever it is nested. */
function rulesOf(css: string): { selector: string; declarations: string[]; context: string }[] {
  const rules: { selector: string; declarations: string[]; context: string }[] = [];
  postcss.parse(css).walkRules((rule: Rule) => {
    const context: string[] = [];
    for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
      context.unshift(`@${parent.name} ${parent.params}`);
    }
    const declarations: string[] = [];
    rule.each((node) => {
      if (node.type === 'decl') declarations.push(`${node.prop}:${node.value}`);
    });
    rules.push({ selector: rule.selectors.map(normalise).join(', '), declarations, context: context.join(' ') });
  });
  return rules;
}

function brotliBytes(text: string): number {
  return zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

describe("the reader's pdf.js viewer stylesheet", () => {
  const original = rulesOf(ORIGINAL);
  const kept = rulesOf(KEPT);

  it.each([
    '.pdfViewer',
    '.pdfViewer .page',
    '.pdfViewer .canvasWrapper',
    ':is(.pdfViewer .canvasWrapper) canvas',
    '.pdfViewer.singlePageView .page',
    '.spread .page, .pdfViewer:is(.scrollHorizontal, .scrollWrapped) .page',
    '.spread :is(.page, .dummyPage), .pdfViewer:is(.scrollHorizontal, .scrollWrapped) :is(.page, .spread)',
    '.pdfViewer .page.loadingIcon::after',
    '.pdfViewer .page.loading::after',
    '.textLayer :is(span,br)',
    '.textLayer > :not(.markedContent), .textLayer .markedContent span:not(.markedContent)',
    '.textLayer .highlight',
    '.selected:is(.textLayer .highlight)',
    '.textLayer ::selection',
    '.textLayer .endOfContent',
    '.annotationLayer',
    '.annotationLayer section',
    '.annotationLayer :is(.linkAnnotation,.buttonWidgetAnnotation.pushButton) > a',
    '.annotationLayer .linkAnnotation.hasBorder:hover',
    '.annotationLayer .popup',
    '.annotationLayer[data-main-rotation="90"] .norotate',
    '[data-main-rotation="90"]',
    '#hiddenCopyElement, .hiddenCanvasElement',
  ])('keeps %s with all its declarations', (selector) => {
    const before = original.filter((rule) => rule.selector === selector);
    expect(before.length, 'the rule is in pdf.js 5').toBeGreaterThan(0);
    expect(kept.filter((rule) => rule.selector === selector)).toEqual(before);
  });

  it("keeps the high-contrast link outline inside pdf.js's forced-colors block", () => {
    expect(kept).toContainEqual(
      expect.objectContaining({
        selector: '.annotationLayer .linkAnnotation',
        context: '@media screen and (forced-colors: active)',
      }),
    );
  });

  it('keeps what draws a page at its zoom: --scale-factor and the rules that read it', () => {
    const readers = kept.filter((rule) =>
      rule.declarations.some((declaration) => declaration.includes('var(--scale-factor)')),
    );
    expect(readers.map((rule) => rule.selector)).toContain('.pdfViewer .page');
    expect(kept.find((rule) => rule.selector === '.pdfViewer')?.declarations).toContain('--scale-factor:1');
    const totalScaleReaders = kept.filter((rule) =>
      rule.declarations.some((declaration) => declaration.includes('var(--total-scale-factor)')),
    );
    expect(totalScaleReaders.length).toBeGreaterThan(5);
  });

  it.each([
    'annotationEditorLayer',
    'Editor',
    'editToolbar',
    'resizer',
    'messageBar',
    'dialog',
    'Dialog',
    'viewsManager',
    'sidebar',
    'thumbnail',
    'toggle-button',
    'comment',
    'Comment',
    'ignature',
    'altText',
    'AltText',
    'xfa',
    'popupMenu',
    'treeView',
    'newBadge',
    'pdfPresentationMode',
    'textLayerImages',
    'highlighting',
    'colorPicker',
    'textWidgetAnnotation',
    'checkBox',
    'url(images/',
  ])('drops every rule naming %s', (name) => {
    const inOriginal = ORIGINAL.includes(name);
    const inKept = name === 'url(images/' ? KEPT.replace('url("images/loading-icon.gif")', '') : KEPT;
    expect(inOriginal, 'pdf.js 5 has it').toBe(true);
    expect(inKept.includes(name)).toBe(false);
  });

  it('keeps one image, the loading icon, and none of the editor and dialog icons', () => {
    expect(ORIGINAL.match(/url\(/g)?.length).toBeGreaterThan(40);
    expect(KEPT.match(/url\(["']?images\//g)).toEqual(['url("images/']);
    expect(KEPT).toContain('url("images/loading-icon.gif")');
  });

  it('keeps no selector whose every way to match belongs to a dropped family', () => {
    for (const rule of kept) {
      for (const selector of postcss.list.comma(rule.selector)) {
        if (rule.selector === ':root') continue;
        const matchable = selectorAlternatives(selector).some((names) => familyOf(names, DROPPED_FAMILIES) === null);
        expect(matchable, selector).toBe(true);
      }
    }
  });

  it('keeps of pdf.js\'s ":root" rules only custom properties, and only those a kept rule reads', () => {
    const roots = kept.filter((rule) => rule.selector === ':root' || rule.selector === ':root *');
    expect(roots.length).toBeGreaterThan(0);
    for (const rule of roots) {
      for (const declaration of rule.declarations) {
        const property = declaration.slice(0, declaration.indexOf(':'));
        expect(property.startsWith('--'), declaration).toBe(true);
        expect(KEPT.includes(`var(${property}`), `${property} is read`).toBe(true);
      }
    }
    // pdf.js's viewer application sets the whole page's colour scheme; the app's pages are light.
    expect(ORIGINAL).toMatch(/:root\{\s*--csstools-color-scheme--light:initial;\s*color-scheme:light dark;/);
    expect(KEPT).not.toContain('color-scheme:light dark');
  });

  it('defines every custom property a kept rule reads, or the read has a fallback', () => {
    const defined = new Set<string>();
    const reads: { property: string; hasFallback: boolean; selector: string }[] = [];
    postcss.parse(KEPT).walkDecls((declaration) => {
      if (declaration.prop.startsWith('--')) defined.add(declaration.prop);
      for (const match of declaration.value.matchAll(/var\(\s*(--[\w-]+)\s*(,)?/g)) {
        reads.push({ property: match[1], hasFallback: !!match[2], selector: (declaration.parent as Rule).selector });
      }
    });
    expect(reads.length).toBeGreaterThan(20);
    const undefinedReads = reads.filter((read) => !read.hasFallback && !defined.has(read.property));
    expect(undefinedReads).toEqual([]);
    // The chain pdf.js's page margins come through: :root's --page-margin and --page-border, read by .pdfViewer .page.
    expect(defined).toContain('--page-margin');
    expect(defined).toContain('--page-border');
    expect(defined).toContain('--loading-icon-delay');
  });

  it('is a small part of the original: under 8% of its characters and 4 KB brotli', () => {
    const originalBrotli = brotliBytes(ORIGINAL);
    const keptBrotli = brotliBytes(KEPT);
    // Measured with pdfjs-dist 5.6.205: 265,661 -> 13,991 characters, 24,506 -> 2,790 bytes brotli.
    expect(KEPT.length / ORIGINAL.length).toBeLessThan(0.08);
    expect(keptBrotli).toBeLessThan(4_000);
    expect(originalBrotli).toBeGreaterThan(20_000);
  });
});

describe('deciding a selector', () => {
  it.each([
    [':is(.annotationLayer,.annotationEditorLayer) .popupContent', true],
    [':is(.annotationLayer,.annotationEditorLayer) .annotationCommentButton', false],
    ['.annotationEditorLayer .popup', false],
    ['.pdfViewer .page:not(.annotationEditorLayer)', true],
    ['.page:has(.annotationEditorLayer.nonEditing) .annotationLayer .editorAnnotation', false],
    ['.page:has(.annotationEditorLayer) .annotationLayer section', false],
    ['.pdfPresentationMode .pdfViewer .page', false],
    ['.highlight:is(.canvasWrapper svg)', false],
    ['.annotationLayer section svg', true],
    ['.textLayer.highlighting', false],
    ['.xfaLayer .highlight', false],
    ['.annotationLayer .buttonWidgetAnnotation:is(.checkBox,.radioButton) input', false],
    ['[data-main-rotation="180"]', true],
    ['.annotationEditorLayer[data-main-rotation="0"] .highlightEditor', false],
    ['.dialog .mainContainer', false],
    ['.something .unknown', false],
  ])('%s -> %s', (selector, expected) => {
    expect(isReaderSelector(selector)).toBe(expected);
  });

  it('expands :is() inside :is() into one alternative per branch', () => {
    const alternatives = selectorAlternatives('.a:is(.b, :is(.c, .d) .e) > .f:not(.g)').map((names) =>
      [...names].sort(),
    );
    expect(alternatives).toEqual([
      ['.a', '.b', '.f'],
      ['.a', '.c', '.e', '.f'],
      ['.a', '.d', '.e', '.f'],
    ]);
  });
});

describe('filtering a stylesheet', () => {
  const SAMPLE = `
:root { --page-gap: 4px; --unused: red; --chain: var(--page-gap); color-scheme: light dark; }
.pdfViewer .page { margin: var(--chain); }
.dialog, .textLayer .highlight { color: red; }
@layer viewer {
  @supports (display: grid) {
    .annotationEditorLayer .freeTextEditor { color: blue; }
    .textLayer { inset: 0; }
  }
  @media print { .sidebar { display: none; } }
}
@keyframes spin { from { transform: rotate(0); } }
`;
  const filtered = rulesOf(keepReaderViewerCss(SAMPLE));

  it('keeps the used custom properties transitively and nothing else of :root', () => {
    expect(filtered[0]).toEqual({
      selector: ':root',
      declarations: ['--page-gap:4px', '--chain:var(--page-gap)'],
      context: '',
    });
  });

  it('keeps only the reader selectors of a shared list', () => {
    expect(filtered).toContainEqual({ selector: '.textLayer .highlight', declarations: ['color:red'], context: '' });
  });

  it('recurses into @layer, @supports and @media, and removes the blocks left empty', () => {
    const output = keepReaderViewerCss(SAMPLE);
    expect(filtered).toContainEqual({
      selector: '.textLayer',
      declarations: ['inset:0'],
      context: '@layer viewer @supports (display: grid)',
    });
    expect(output).not.toContain('freeTextEditor');
    expect(output).not.toContain('@media print');
    expect(output).toContain('@keyframes spin');
  });
});

describe('the Vite plugin', () => {
  const plugin = pdfViewerCssForReader();
  const transform = plugin.transform as (code: string, id: string) => { code: string } | null;

  it("filters pdf.js's viewer stylesheet, also with a query", () => {
    const id = '/app/node_modules/pdfjs-dist/web/pdf_viewer.css?direct';
    expect(transform.call({}, ORIGINAL, id)?.code).toBe(KEPT);
    expect(plugin.enforce).toBe('pre');
  });

  it('leaves every other file alone', () => {
    expect(transform.call({}, '.dialog{}', '/app/web/src/features/reader/reader.css')).toBeNull();
    expect(transform.call({}, '.dialog{}', '/app/node_modules/pdfjs-dist/web/pdf_viewer.mjs')).toBeNull();
  });
});
