/**
 * The reader's bars. Wide screens get one top toolbar with every control; narrow screens (phones,
 * portrait tablets) get a slim top bar and a bottom bar within thumb reach, with the less frequent
 * controls in the "More options" sheet. Only one layout is rendered at a time, so every control has
 * one accessible name on screen.
 */
import { Link } from 'react-router-dom';
import {
  ALargeSmall,
  ArrowLeft,
  Bookmark,
  BookmarkPlus,
  Highlighter,
  ChevronLeft,
  ChevronRight,
  Ellipsis,
  FileText,
  Keyboard,
  LayoutGrid,
  ListTree,
  Maximize,
  Minimize,
  MessageCircleQuestion,
  MoveHorizontal,
  Palette,
  Search,
  Volume2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import type { TReaderControls } from '../reader-controls';
import { READER_THEME_LABELS } from '../reader-theme';
import { PageNumberField } from './page-number-field';
import { ToolbarButton } from './toolbar-button';

const numberFormat = new Intl.NumberFormat();

export function formatZoom(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}

function BackLink({ controls }: { controls: TReaderControls }) {
  return (
    <Link
      to={controls.backTo}
      aria-label={controls.backLabel}
      title={controls.backLabel}
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </Link>
  );
}

/** The two controls of the text view: the view itself and the display settings. */
function ViewControls({ controls }: { controls: TReaderControls }) {
  const c = controls;
  if (!c.toggleView) return null;
  return (
    <>
      <ToolbarButton
        label="Text view"
        icon={<FileText />}
        pressed={c.view === 'text'}
        onClick={c.toggleView}
        disabled={!c.isReady}
      />
      <ToolbarButton
        label="Display settings"
        icon={<ALargeSmall />}
        pressed={c.panel === 'display'}
        onClick={() => c.togglePanel('display')}
      />
    </>
  );
}

function Divider() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px shrink-0 bg-border" />;
}

export function CopyAllowance({ remaining, className }: { remaining: number | null; className?: string }) {
  if (remaining === null) return null;
  return (
    <p className={className} data-testid="copy-allowance">
      Copy allowance: {numberFormat.format(remaining)} {remaining === 1 ? 'character' : 'characters'} left
    </p>
  );
}

export function WideToolbar({ controls }: { controls: TReaderControls }) {
  const c = controls;
  return (
    <div
      role="toolbar"
      aria-label="Reader controls"
      className="flex h-14 items-center gap-0.5 border-b border-border bg-background px-2 text-foreground"
    >
      <BackLink controls={c} />
      <h1 className="mx-2 min-w-0 max-w-[22rem] truncate font-serif text-base font-semibold" title={c.title}>
        {c.title}
      </h1>
      <div className="ml-auto flex items-center gap-0.5">
        <ToolbarButton
          label="Contents"
          icon={<ListTree />}
          pressed={c.panel === 'contents'}
          onClick={() => c.togglePanel('contents')}
          disabled={!c.isReady}
        />
        <ToolbarButton
          label="Thumbnails"
          icon={<LayoutGrid />}
          pressed={c.panel === 'thumbnails'}
          onClick={() => c.togglePanel('thumbnails')}
          disabled={!c.isReady}
        />
        <ToolbarButton
          label="Search in book"
          icon={<Search />}
          pressed={c.panel === 'search'}
          onClick={() => c.togglePanel('search')}
          disabled={!c.isReady}
        />
        {c.canBookmark && (
          <ToolbarButton
            label="Bookmarks"
            icon={<Bookmark />}
            pressed={c.panel === 'bookmarks'}
            onClick={() => c.togglePanel('bookmarks')}
            disabled={!c.isReady}
          />
        )}
        {c.canHighlight && (
          <ToolbarButton
            label="Highlights and notes"
            icon={<Highlighter />}
            pressed={c.panel === 'highlights'}
            onClick={() => c.togglePanel('highlights')}
            disabled={!c.isReady}
          />
        )}
        {c.canAsk && (
          <ToolbarButton
            label="Ask this book"
            icon={<MessageCircleQuestion />}
            pressed={c.panel === 'assistant'}
            onClick={() => c.togglePanel('assistant')}
          />
        )}
        <ViewControls controls={c} />
        <Divider />
        <ToolbarButton
          label="Previous page"
          icon={<ChevronLeft />}
          onClick={c.previousPage}
          disabled={!c.isReady || c.pageNumber <= 1}
        />
        <PageNumberField
          pageNumber={c.pageNumber}
          pagesCount={c.pagesCount}
          disabled={!c.isReady}
          onGoToPage={c.goToPage}
        />
        <ToolbarButton
          label="Next page"
          icon={<ChevronRight />}
          onClick={c.nextPage}
          disabled={!c.isReady || !c.canGoNext}
        />
        <Divider />
        <ToolbarButton label="Zoom out" icon={<ZoomOut />} onClick={c.zoomOut} disabled={!c.isReady} />
        <span
          className="w-12 text-center text-sm tabular-nums text-muted-foreground"
          aria-live="polite"
          data-testid="zoom-level"
        >
          {c.isReady ? formatZoom(c.scale) : ''}
        </span>
        <ToolbarButton label="Zoom in" icon={<ZoomIn />} onClick={c.zoomIn} disabled={!c.isReady} />
        <ToolbarButton label="Fit width" icon={<MoveHorizontal />} onClick={c.fitWidth} disabled={!c.isReady} />
        <Divider />
        {c.canBookmark && (
          <ToolbarButton label="Add bookmark" icon={<BookmarkPlus />} onClick={c.addBookmark} disabled={!c.isReady} />
        )}
        {c.canReadAloud && (
          <ToolbarButton
            label="Read aloud"
            icon={<Volume2 />}
            pressed={c.panel === 'read-aloud' || c.isReadingAloud}
            onClick={() => c.togglePanel('read-aloud')}
            disabled={!c.isReady}
          />
        )}
        <ToolbarButton
          label="Theme"
          icon={<Palette />}
          text={READER_THEME_LABELS[c.theme]}
          onClick={c.cycleTheme}
          className="w-24"
        />
        {c.canFullscreen && (
          <ToolbarButton
            label="Fullscreen"
            icon={c.isFullscreen ? <Minimize /> : <Maximize />}
            pressed={c.isFullscreen}
            onClick={c.toggleFullscreen}
          />
        )}
        <ToolbarButton
          label="Keyboard shortcuts"
          icon={<Keyboard />}
          pressed={c.panel === 'help'}
          onClick={() => c.togglePanel('help')}
        />
        {c.hasMoreOptions && (
          <ToolbarButton
            label="More options"
            icon={<Ellipsis />}
            pressed={c.panel === 'more'}
            onClick={() => c.togglePanel('more')}
          />
        )}
      </div>
    </div>
  );
}

export function NarrowTopBar({ controls }: { controls: TReaderControls }) {
  const c = controls;
  return (
    <div className="flex h-14 items-center gap-0.5 border-b border-border bg-background px-1 text-foreground">
      <BackLink controls={c} />
      <h1 className="mx-1 min-w-0 flex-1 truncate font-serif text-base font-semibold" title={c.title}>
        {c.title}
      </h1>
      <ToolbarButton
        label="Search in book"
        icon={<Search />}
        pressed={c.panel === 'search'}
        onClick={() => c.togglePanel('search')}
        disabled={!c.isReady}
      />
      {c.canBookmark && (
        <ToolbarButton
          label="Bookmarks"
          icon={<Bookmark />}
          pressed={c.panel === 'bookmarks'}
          onClick={() => c.togglePanel('bookmarks')}
          disabled={!c.isReady}
        />
      )}
      {c.canAsk && (
        <ToolbarButton
          label="Ask this book"
          icon={<MessageCircleQuestion />}
          pressed={c.panel === 'assistant'}
          onClick={() => c.togglePanel('assistant')}
        />
      )}
      <ViewControls controls={c} />
    </div>
  );
}

export function NarrowBottomBar({ controls }: { controls: TReaderControls }) {
  const c = controls;
  return (
    <div
      role="toolbar"
      aria-label="Reader controls"
      className="flex items-center justify-between gap-1 border-t border-border bg-background px-1 pb-[env(safe-area-inset-bottom)] text-foreground"
    >
      <ToolbarButton
        label="Contents"
        icon={<ListTree />}
        pressed={c.panel === 'contents'}
        onClick={() => c.togglePanel('contents')}
        disabled={!c.isReady}
      />
      <div className="flex items-center gap-0.5">
        <ToolbarButton
          label="Previous page"
          icon={<ChevronLeft />}
          onClick={c.previousPage}
          disabled={!c.isReady || c.pageNumber <= 1}
        />
        <PageNumberField
          pageNumber={c.pageNumber}
          pagesCount={c.pagesCount}
          disabled={!c.isReady}
          onGoToPage={c.goToPage}
        />
        <ToolbarButton
          label="Next page"
          icon={<ChevronRight />}
          onClick={c.nextPage}
          disabled={!c.isReady || !c.canGoNext}
        />
      </div>
      <ToolbarButton
        label="More options"
        icon={<Ellipsis />}
        pressed={c.panel === 'more'}
        onClick={() => c.togglePanel('more')}
      />
    </div>
  );
}
