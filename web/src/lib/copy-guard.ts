/**
 * Copy protection for the text layer (docs/ARCHITECTURE.md#protected-content): online, every copy from the book
 * asks the server to count its characters against the licence's copy limit before anything reaches
 * the clipboard. Offline (the browser says so, or the request cannot reach the server) the caller's
 * offline recorder decides against the licence's budget instead and counts the copy for sync; a
 * refusal from the server (4xx) or a server error never falls back to it. The copy event is
 * cancelled at once (capture phase, before pdf.js's own copy handler) and the clipboard is written
 * only once the copy is counted; at the limit the copy is refused with READER_MESSAGES.copyLimitReached.
 * The guard holds no state of its own: the budget and the counting come from the caller.
 */
import { COPY_LIMIT_UNLIMITED, READER_MESSAGES, type TCopyBudget } from '@shared/reader';

/** Characters a copy costs: the selected text with runs of white space counted as one space. */
export function countCopyCharacters(text: string): number {
  return [...text.replace(/\s+/g, ' ').trim()].length;
}

export type TCopyDecision =
  | { kind: 'ignore' }
  | { kind: 'refuse'; message: string }
  | { kind: 'ask-server'; characters: number };

/** What to do with a copy before asking the server: nothing selected, already over, or ask. */
export function decideCopy({ characters, budget }: { characters: number; budget: TCopyBudget | null }): TCopyDecision {
  if (characters <= 0) return { kind: 'ignore' };
  if (
    budget &&
    budget.limit !== COPY_LIMIT_UNLIMITED &&
    (budget.isLimitReached || budget.used + characters > budget.limit)
  ) {
    return { kind: 'refuse', message: READER_MESSAGES.copyLimitReached };
  }
  return { kind: 'ask-server', characters };
}

/** Shown when the server could not be asked (offline, server error): the copy fails closed. */
export const COPY_CHECK_FAILED_MESSAGE =
  "We couldn't check your copy allowance, so nothing was copied. Please try again.";

/** Characters left, never below zero; null when copying is not limited. */
export function remainingCopyCharacters(budget: TCopyBudget): number | null {
  if (budget.limit === COPY_LIMIT_UNLIMITED) return null;
  return Math.max(0, budget.limit - budget.used);
}

/** The request never reached the server (fetch rejects with a TypeError): worth counting offline. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Thrown by `recordCopy` when the server refuses to count more (422), and by an offline recorder over the budget. */
export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefusedError';
  }
}

export interface TCopyGuardOptions {
  /** The element holding the book's pages; copies of other text are not touched. */
  root: HTMLElement;
  getBudget: () => TCopyBudget | null;
  /** POST the copy; resolves with the new budget, rejects with CopyRefusedError when refused. */
  recordCopy: (characters: number) => Promise<TCopyBudget>;
  onBudget: (budget: TCopyBudget) => void;
  onRefused: (message: string) => void;
  /**
   * Counts a copy the server cannot be asked about; rejects with CopyRefusedError when it does not fit
   * the licence's budget. Without it, copies fail closed while offline.
   */
  recordOfflineCopy?: (characters: number) => Promise<void>;
  /** Whether to skip the server and count offline at once; defaults to `navigator.onLine === false`. */
  isOffline?: () => boolean;
  clipboard?: TClipboardWriter;
}

/** The async clipboard, narrowed to what the guard uses (tests pass a fake). */
export interface TClipboardWriter {
  /** Writes text that is only known once `text` resolves; must be called inside the copy event. */
  writeWhenReady(text: Promise<string>): Promise<void>;
}

export function browserClipboard(): TClipboardWriter {
  return {
    writeWhenReady(text) {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      // A ClipboardItem with a promised value keeps the copy's user activation while the server is
      // asked (Safari requires it); browsers without it get writeText once the answer is in.
      if (clipboard?.write && typeof ClipboardItem !== 'undefined') {
        const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
        return clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      }
      if (clipboard?.writeText) return text.then((value) => clipboard.writeText(value));
      return text.then(() => undefined);
    },
  };
}

function selectionTouches(selection: Selection, root: HTMLElement): boolean {
  const { anchorNode, focusNode } = selection;
  if ((anchorNode && root.contains(anchorNode)) || (focusNode && root.contains(focusNode))) return true;
  for (let index = 0; index < selection.rangeCount; index++) {
    if (selection.getRangeAt(index).intersectsNode(root)) return true;
  }
  return false;
}

/** Text as pdf.js would put it on the clipboard: NUL characters from some fonts removed. */
function selectedText(selection: Selection): string {
  return selection.toString().replaceAll('\u0000', '');
}

/** Starts guarding copies from `root`; returns the function that stops it. */
export function installCopyGuard(options: TCopyGuardOptions): () => void {
  const { root, getBudget, recordCopy, onBudget, onRefused, recordOfflineCopy } = options;
  const isOffline = options.isOffline ?? browserIsOffline;
  const clipboard = options.clipboard ?? browserClipboard();

  function count(characters: number): Promise<void> {
    if (recordOfflineCopy && isOffline()) return recordOfflineCopy(characters);
    return recordCopy(characters).then(onBudget, (error: unknown) => {
      if (recordOfflineCopy && isNetworkFailure(error)) return recordOfflineCopy(characters);
      throw error;
    });
  }
  const doc = root.ownerDocument;

  function onCopy(event: Event) {
    const selection = doc.getSelection();
    if (!selection || selection.isCollapsed || !selectionTouches(selection, root)) return;
    // Nothing reaches the clipboard by default, and pdf.js's own copy handlers never run.
    event.preventDefault();
    event.stopImmediatePropagation();
    const text = selectedText(selection);
    const decision = decideCopy({ characters: countCopyCharacters(text), budget: getBudget() });
    if (decision.kind === 'ignore') return;
    if (decision.kind === 'refuse') {
      onRefused(decision.message);
      return;
    }
    const allowed = count(decision.characters).then(
      () => text,
      (error: unknown) => {
        onRefused(error instanceof CopyRefusedError ? error.message : COPY_CHECK_FAILED_MESSAGE);
        throw error;
      },
    );
    // A refused copy rejects the clipboard write too, which is the point: nothing is written.
    clipboard.writeWhenReady(allowed).catch(() => undefined);
  }

  // Dragging a selection out of the page would move the text without a copy event.
  function onDragStart(event: Event) {
    if (event.target instanceof Node && root.contains(event.target)) event.preventDefault();
  }

  doc.addEventListener('copy', onCopy, { capture: true });
  doc.addEventListener('cut', onCopy, { capture: true });
  root.addEventListener('dragstart', onDragStart);
  return () => {
    doc.removeEventListener('copy', onCopy, { capture: true });
    doc.removeEventListener('cut', onCopy, { capture: true });
    root.removeEventListener('dragstart', onDragStart);
  };
}
