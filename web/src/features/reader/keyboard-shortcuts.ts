/**
 * The reader's keyboard shortcuts: one table drives both the key handling and the help overlay, so
 * what the overlay lists is exactly what the keys do. Keys are ignored while the reader types in a
 * field, and browser shortcuts with Ctrl/Cmd are left alone except find (Ctrl+F opens the book's
 * search) and print (Ctrl+P is refused with a notice).
 */

export type TReaderAction =
  | 'next-page'
  | 'previous-page'
  | 'first-page'
  | 'last-page'
  | 'zoom-in'
  | 'zoom-out'
  | 'fit-width'
  | 'fullscreen'
  | 'add-bookmark'
  | 'search'
  | 'theme'
  | 'help'
  | 'print';

export interface TReaderShortcut {
  /** Keys as shown in the help overlay. */
  keys: string[];
  description: string;
  action: TReaderAction;
}

export const READER_SHORTCUTS: readonly TReaderShortcut[] = [
  { keys: ['→', 'Page Down'], description: 'Next page', action: 'next-page' },
  { keys: ['←', 'Page Up'], description: 'Previous page', action: 'previous-page' },
  { keys: ['Home'], description: 'First page', action: 'first-page' },
  { keys: ['End'], description: 'Last page', action: 'last-page' },
  { keys: ['+'], description: 'Zoom in', action: 'zoom-in' },
  { keys: ['-'], description: 'Zoom out', action: 'zoom-out' },
  { keys: ['0'], description: 'Fit width (reset zoom)', action: 'fit-width' },
  { keys: ['F'], description: 'Fullscreen on or off', action: 'fullscreen' },
  { keys: ['B'], description: 'Bookmark this page', action: 'add-bookmark' },
  { keys: ['/', 'Ctrl + F'], description: 'Search in book', action: 'search' },
  { keys: ['T'], description: 'Next theme (light, sepia, dark)', action: 'theme' },
  { keys: ['?'], description: 'Show these shortcuts', action: 'help' },
];

export interface TKeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

const PLAIN_KEYS: Record<string, TReaderAction> = {
  ArrowRight: 'next-page',
  PageDown: 'next-page',
  ArrowLeft: 'previous-page',
  PageUp: 'previous-page',
  Home: 'first-page',
  End: 'last-page',
  '+': 'zoom-in',
  '=': 'zoom-in',
  '-': 'zoom-out',
  _: 'zoom-out',
  '0': 'fit-width',
  f: 'fullscreen',
  b: 'add-bookmark',
  '/': 'search',
  t: 'theme',
  '?': 'help',
};

/** The reader action for a key press, or null when the reader has no use for it. */
export function readerActionForKey(input: TKeyInput): TReaderAction | null {
  if (input.altKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (input.ctrlKey || input.metaKey) {
    if (key === 'f') return 'search';
    if (key === 'p') return 'print';
    return null;
  }
  return PLAIN_KEYS[key] ?? null;
}

const NON_TEXT_INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'radio',
  'range',
  'submit',
  'reset',
  'color',
  'file',
  'image',
]);

/** True when a key press belongs to a field the reader is typing in, not to the reader. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !NON_TEXT_INPUT_TYPES.has(((element as HTMLInputElement).type || 'text').toLowerCase());
  return false;
}
