/**
 * Build-time filter of pdf.js's viewer stylesheet (`pdfjs-dist/web/pdf_viewer.css`, imported by the reader shell): it
 * keeps only the rules of the layers the reader makes and drops the rest of pdf.js's own viewer application (the
 * annotation editor, its dialogs, the comment and views sidebars, message bars, toolbar buttons and their icons).
 * The reader's stylesheet is render-blocking for the reader page's picture (docs/decisions/025-reader-first-page.md),
 * so every byte of it delays a phone's first page.
 *
 * Each rule is decided from its selector list: a selector stays when one way it can match (its `:is()`/`:where()`/
 * `:has()` alternatives expanded; `:not()` ignored) names one of the reader's layers and none of the dropped families,
 * so `:is(.annotationLayer, .annotationEditorLayer) .x` stays for the annotation layer. The custom properties the
 * kept rules read are kept from pdf.js's `:root` rules, transitively; nothing else of those rules is kept.
 * Used by vite.config.ts (types: pdf-viewer-css.d.mts).
 */
import postcss from 'postcss';

/**
 * @typedef {{ family: string, why: string, signatures: string[] }} TCssFamily A family of pdf.js's viewer styles. A
 * signature is one name or several (space-separated, all required in the same alternative of a selector): a class
 * `.x`, an id `#x`, an attribute `[x]`, an element `x`; a trailing `*` matches every name that starts so.
 */

/**
 * What the reader's viewer makes (web/src/features/reader/pdf/use-pdf-viewer.ts and the picture's page,
 * first-page-picture.ts): PDFViewer's pages with the text layer, the annotation layer in AnnotationMode.ENABLE,
 * the find controller's highlights, PAGE scroll mode and EVEN spreads, the loading icon.
 */
/** @type {readonly TCssFamily[]} */
export const KEPT_FAMILIES = Object.freeze([
  {
    family: 'pages and scroll/spread modes',
    why: "PDFViewer's page boxes, their canvas, the loading icon, one page at a time (singlePageView) and spreads",
    signatures: ['.pdfViewer', '.page', '.dummyPage', '.canvasWrapper', '.spread'],
  },
  {
    family: 'text layer',
    why: 'selectable text, search highlights (.highlight) and selection colours over every page',
    signatures: ['.textLayer'],
  },
  {
    family: 'annotation layer',
    why: 'links (internal and external) and annotation popups, AnnotationMode.ENABLE',
    signatures: ['.annotationLayer'],
  },
  {
    family: 'rotated layers',
    why: 'pdf.js turns the text and annotation layers of a page with /Rotate with a data-main-rotation attribute',
    signatures: ['[data-main-rotation]'],
  },
  {
    family: 'hidden helpers',
    why: "the text layer's measuring canvas (TextLayer appends it to the body) and the viewer's copy-all element",
    signatures: ['.hiddenCanvasElement', '#hiddenCopyElement'],
  },
]);

/** Parts of pdf.js's viewer application the reader never makes; they win over KEPT_FAMILIES. */
/** @type {readonly TCssFamily[]} */
export const DROPPED_FAMILIES = Object.freeze([
  {
    family: 'annotation editor',
    why: 'AnnotationEditorType.DISABLE: no editor layer, editors, their toolbars, resizers, cursors or colour pickers',
    signatures: [
      '.annotationEditorLayer',
      '.freeTextEditor',
      '.inkEditor',
      '.stampEditor',
      '.signatureEditor',
      '.highlightEditor',
      '.selectedEditor',
      '.editorAnnotation',
      '.editToolbar',
      '.resizers',
      '.resizer',
      '.highlighting',
      '.colorPicker',
      '.basicColorPicker',
      '.editorParamsToolbar',
      '#highlightParamsToolbarContainer',
      '#editorSignatureParamsToolbar',
      '#editorUndoBar',
      '[data-editor-rotation]',
    ],
  },
  {
    family: 'drawing layer',
    why: "the editor's highlight and ink drawings (SVG in the canvas wrapper), made only with an editor",
    signatures: ['.canvasWrapper svg'],
  },
  {
    family: 'form fields',
    why: 'AnnotationMode.ENABLE draws form fields on the canvas; no inputs, selects or check boxes are made',
    signatures: ['.textWidgetAnnotation', '.choiceWidgetAnnotation', '.checkBox', '.radioButton'],
  },
  {
    family: 'XFA forms',
    why: 'the reader opens documents with enableXfa: false',
    signatures: ['.xfa*'],
  },
  {
    family: 'comments',
    why: "pdf.js's comment buttons, popups, sidebar and manager come only with its comment feature, never enabled",
    signatures: [
      '.annotationCommentButton',
      '.commentPopup',
      '.commentPopupText',
      '.sidebarComment',
      '.sidebarCommentText',
      '#editorCommentsSidebar',
      '#commentManagerDialog',
    ],
  },
  {
    family: 'dialogs and message bars',
    why: "pdf.js's signature, alt-text and settings dialogs and their message bars; the reader has its own dialogs",
    signatures: [
      '.dialog',
      '.signatureDialog',
      '#addSignatureDialog',
      '#editSignatureDescriptionDialog',
      '#altTextSettingsDialog',
      '.altText',
      '.newAltText',
      '.noAltTextBadge',
      '.messageBar',
    ],
  },
  {
    family: 'views manager and sidebars',
    why: "pdf.js's own sidebar (thumbnails, outline, attachments, layers) and menus; the reader has its own panels",
    signatures: [
      '#outerContainer',
      '#viewsManager',
      '.sidebar',
      '.treeView',
      '.popupMenu',
      '.hasPopupMenu',
      '#thumbnailsView',
    ],
  },
  {
    family: 'toolbar widgets',
    why: "pdf.js's toggle buttons and 'new' badges belong to its toolbar; the reader has its own",
    signatures: ['.toggle-button', '.newBadge'],
  },
  {
    family: 'presentation mode',
    why: "the reader's full screen is its own screen element, not pdf.js's presentation mode",
    signatures: ['.pdfPresentationMode'],
  },
  {
    family: 'image placeholders',
    why: "the text layer's 'save image as' placeholders; the viewer is made with imagesRightClickMinSize: -1",
    signatures: ['.textLayerImages'],
  },
]);

/** Rules only these selectors are pdf.js's global custom properties (design tokens), read by the kept rules. */
const GLOBAL_SCOPES = new Set([':root', ':root *']);
/** At-rules whose children are rules decided one by one; any other at-rule (@keyframes, @font-face) is left as is. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style', 'document']);
/** Pseudo-classes whose argument the element (or a relative) must match: its alternatives are the selector's. */
const REQUIRING_PSEUDO_CLASSES = new Set(['is', 'where', 'matches', '-webkit-any', '-moz-any', 'has']);
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
/** Name characters: ASCII letters, digits, "-" and "_", and any non-ASCII character (CSS allows them in names). */
const IDENT_CHAR = /[\w-]|[^\p{ASCII}]/u;

/** The index of the bracket closing the one at `open`, skipping quoted strings. */
/** @param {string} text @param {number} open @returns {number} */
function closingIndex(text, open) {
  const opening = text[open];
  const closing = opening === '(' ? ')' : ']';
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '"' || char === "'") index = text.indexOf(char, index + 1);
    else if (char === opening) depth++;
    else if (char === closing && --depth === 0) return index;
    if (index < 0) break;
  }
  return text.length - 1;
}

/** @param {string} text @param {number} start */
function readIdent(text, start) {
  let end = start;
  while (end < text.length && (IDENT_CHAR.test(text[end]) || text[end] === '\\')) end += text[end] === '\\' ? 2 : 1;
  return text.slice(start, end);
}

/**
 * The ways one selector (or selector list) can match: for each, the names it requires of the page, as classes
 * `.x`, ids `#x`, attributes `[x]` and elements `x`. `:is()`, `:where()` and `:has()` multiply the alternatives;
 * `:not()` and other functional pseudo-classes require nothing.
 * @param {string} selectorList
 * @returns {Set<string>[]}
 */
export function selectorAlternatives(selectorList) {
  return postcss.list.comma(selectorList).flatMap((selector) => {
    /** @type {Set<string>[]} */
    let alternatives = [new Set()];
    /** @param {string} name */
    const requireName = (name) => {
      for (const alternative of alternatives) alternative.add(name);
    };
    let index = 0;
    while (index < selector.length) {
      const char = selector[index];
      if (char === '.' || char === '#') {
        const name = readIdent(selector, index + 1);
        requireName(char + name);
        index += 1 + name.length;
      } else if (char === '[') {
        const end = closingIndex(selector, index);
        const attribute = /^\[\s*(?:[\w-]*\|)?([\w-]+)/.exec(selector.slice(index, end + 1));
        if (attribute) requireName(`[${attribute[1]}]`);
        index = end + 1;
      } else if (char === ':') {
        const isPseudoElement = selector[index + 1] === ':';
        const start = index + (isPseudoElement ? 2 : 1);
        const name = readIdent(selector, start).toLowerCase();
        index = start + name.length;
        if (selector[index] === '(') {
          const end = closingIndex(selector, index);
          if (!isPseudoElement && REQUIRING_PSEUDO_CLASSES.has(name)) {
            const inner = selectorAlternatives(selector.slice(index + 1, end));
            alternatives = alternatives.flatMap((outer) => inner.map((each) => new Set([...outer, ...each])));
          }
          index = end + 1;
        }
      } else if (IDENT_CHAR.test(char) && !/\d/.test(char)) {
        const name = readIdent(selector, index);
        requireName(name.toLowerCase());
        index += name.length;
      } else {
        index++;
      }
    }
    return alternatives;
  });
}

/** @param {Set<string>} names @param {string} wanted */
function hasName(names, wanted) {
  if (!wanted.endsWith('*')) return names.has(wanted);
  const prefix = wanted.slice(0, -1);
  for (const name of names) if (name.startsWith(prefix)) return true;
  return false;
}

/**
 * The family of `families` one alternative of a selector belongs to, if any.
 * @param {Set<string>} names
 * @param {readonly TCssFamily[]} families
 * @returns {string | null}
 */
export function familyOf(names, families) {
  for (const { family, signatures } of families) {
    if (signatures.some((signature) => signature.split(' ').every((wanted) => hasName(names, wanted)))) return family;
  }
  return null;
}

/**
 * True when one way `selector` can match belongs to the reader's layers and to no dropped family.
 * @param {string} selector
 */
export function isReaderSelector(selector) {
  return selectorAlternatives(selector).some(
    (names) => familyOf(names, DROPPED_FAMILIES) === null && familyOf(names, KEPT_FAMILIES) !== null,
  );
}

/** @param {import('postcss').Rule} rule */
function isGlobalScope(rule) {
  return rule.selectors.every((selector) => GLOBAL_SCOPES.has(selector.trim().replace(/\s+/g, ' ')));
}

/**
 * The custom properties a value reads.
 * @param {string} value
 * @returns {string[]}
 */
export function referencedProperties(value) {
  return [...value.matchAll(VAR_REFERENCE)].map((match) => match[1]);
}

/** @param {import('postcss').ChildNode} node */
function isInsideKeptAtRule(node) {
  for (let parent = node.parent; parent && parent.type !== 'root'; parent = parent.parent) {
    if (
      parent.type === 'atrule' &&
      !GROUPING_AT_RULES.has(/** @type {import('postcss').AtRule} */ (parent).name.toLowerCase())
    )
      return true;
  }
  return false;
}

/** @param {import('postcss').Container} container */
function removeEmptyGroups(container) {
  container.each((node) => {
    if (node.type !== 'atrule' || !GROUPING_AT_RULES.has(node.name.toLowerCase()) || !node.nodes) return;
    removeEmptyGroups(node);
    if (!node.nodes.some((child) => child.type !== 'comment')) node.remove();
  });
}

/**
 * pdf.js's viewer stylesheet with only what the reader's layers need (see the families above).
 * @param {string} css
 * @returns {string}
 */
export function keepReaderViewerCss(css) {
  const root = postcss.parse(css);
  /** @type {import('postcss').Rule[]} */
  const globalRules = [];
  root.walkRules((rule) => {
    if (isInsideKeptAtRule(rule)) return;
    const kept = rule.selectors.filter(isReaderSelector);
    if (kept.length === rule.selectors.length) return;
    if (kept.length > 0) rule.selectors = kept;
    else if (isGlobalScope(rule)) globalRules.push(rule);
    else rule.remove();
  });

  // The custom properties the kept rules read, and those their definitions read in turn.
  /** @type {Set<string>} */
  const needed = new Set();
  /** @type {string[]} */
  const pending = [];
  /** @param {string} value */
  const need = (value) => {
    for (const property of referencedProperties(value)) {
      if (!needed.has(property)) {
        needed.add(property);
        pending.push(property);
      }
    }
  };
  const globalRuleSet = new Set(globalRules);
  root.walkDecls((declaration) => {
    if (!globalRuleSet.has(/** @type {import('postcss').Rule} */ (declaration.parent))) need(declaration.value);
  });
  /** @type {Map<string, import('postcss').Declaration[]>} */
  const definitions = new Map();
  for (const rule of globalRules) {
    rule.walkDecls((declaration) => {
      const list = definitions.get(declaration.prop) ?? [];
      list.push(declaration);
      definitions.set(declaration.prop, list);
    });
  }
  /** @type {Set<import('postcss').Declaration>} */
  const keptDefinitions = new Set();
  for (let property = pending.pop(); property !== undefined; property = pending.pop()) {
    for (const declaration of definitions.get(property) ?? []) {
      keptDefinitions.add(declaration);
      need(declaration.value);
    }
  }
  for (const rule of globalRules) {
    rule.each((node) => {
      if (node.type !== 'decl' || !keptDefinitions.has(node)) node.remove();
    });
    if (!rule.nodes.length) rule.remove();
  }
  removeEmptyGroups(root);
  return root.toString();
}

/** @param {string} id */
function isPdfViewerCss(id) {
  return id.split('?')[0].replaceAll('\\', '/').endsWith('/pdfjs-dist/web/pdf_viewer.css');
}

/**
 * Vite plugin: filters `pdfjs-dist/web/pdf_viewer.css` before Vite's CSS pipeline, so the dropped rules' icons are
 * never inlined or emitted.
 * @returns {import('vite').Plugin}
 */
export function pdfViewerCssForReader() {
  return {
    name: 'wonderful-books:pdf-viewer-css-for-reader',
    enforce: 'pre',
    transform(code, id) {
      if (!isPdfViewerCss(id)) return null;
      return { code: keepReaderViewerCss(code), map: null };
    },
  };
}
