import type { TReaderTheme } from './reader-theme';

export type TReaderPanel =
  | 'contents'
  | 'thumbnails'
  | 'search'
  | 'bookmarks'
  | 'highlights'
  | 'assistant'
  | 'read-aloud'
  | 'display'
  | 'more'
  | 'help';

/** Everything the reader's bars show and do; built once by the reader shell. */
export interface TReaderControls {
  title: string;
  backTo: string;
  backLabel: string;
  isReady: boolean;
  pageNumber: number;
  pagesCount: number;
  scale: number;
  /** False on the last page unless something follows it (the preview's closing prompt). */
  canGoNext: boolean;
  goToPage(page: number): void;
  nextPage(): void;
  previousPage(): void;
  zoomIn(): void;
  zoomOut(): void;
  fitWidth(): void;
  panel: TReaderPanel | null;
  togglePanel(panel: TReaderPanel): void;
  theme: TReaderTheme;
  cycleTheme(): void;
  canFullscreen: boolean;
  isFullscreen: boolean;
  toggleFullscreen(): void;
  /** Bookmarks exist in the full reader only (not in previews). */
  canBookmark: boolean;
  /** The book assistant's panel exists in the full reader only (docs/product/assistant.md#screens). */
  canAsk?: boolean;
  addBookmark(): void;
  /** Highlights and notes exist in the full reader only. */
  canHighlight?: boolean;
  canReadAloud: boolean;
  isReadingAloud: boolean;
  /** Characters the reader may still copy; null when unknown or not limited. */
  copyRemaining: number | null;
  /** Pages (pdf.js) or the reflowed text view (docs/product/reader.md#text-view). */
  view?: 'pages' | 'text';
  /** Absent where the reader offers no text view. */
  toggleView?(): void;
  /** The page gave extra "More options" entries (e.g. Download for offline): wide screens show a More options button too. */
  hasMoreOptions?: boolean;
}
