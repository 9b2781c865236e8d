/** The narrow-screen "More options" sheet: the controls that do not fit the bottom bar. */
import type { ReactNode } from 'react';
import {
  BookmarkPlus,
  Highlighter,
  Keyboard,
  LayoutGrid,
  Maximize,
  Minimize,
  MoveHorizontal,
  Palette,
  Volume2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import type { TReaderControls } from '../reader-controls';
import { READER_THEME_LABELS } from '../reader-theme';
import { CopyAllowance, formatZoom } from './reader-toolbar';

function Item({
  label,
  icon,
  onClick,
  disabled,
  pressed,
  detail,
  compact = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  detail?: string;
  /** Icon above a short label, for a row of three. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={pressed}
      className={
        compact
          ? 'flex min-h-14 w-full flex-col items-center justify-center gap-1 rounded-lg px-2 text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40 [&_svg]:size-5'
          : 'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40 [&_svg]:size-5'
      }
    >
      {icon}
      <span className={compact ? 'font-medium' : 'flex-1 font-medium'}>{label}</span>
      {detail && <span className="text-sm text-muted-foreground">{detail}</span>}
    </button>
  );
}

/** `extra`: the page's own entries (Download for offline), shown first. */
export function MorePanelBody({
  controls,
  onDone,
  extra,
}: {
  controls: TReaderControls;
  onDone: () => void;
  extra?: ReactNode;
}) {
  const c = controls;
  const then = (action: () => void) => () => {
    action();
    onDone();
  };
  return (
    <div className="flex flex-col gap-1 p-2">
      {extra && <div className="mb-1 border-b border-border pb-2">{extra}</div>}
      <Item
        label="Thumbnails"
        icon={<LayoutGrid />}
        onClick={() => c.togglePanel('thumbnails')}
        disabled={!c.isReady}
      />
      {c.canBookmark && (
        <Item label="Add bookmark" icon={<BookmarkPlus />} onClick={then(c.addBookmark)} disabled={!c.isReady} />
      )}
      {c.canHighlight && (
        <Item
          label="Highlights and notes"
          icon={<Highlighter />}
          onClick={() => c.togglePanel('highlights')}
          disabled={!c.isReady}
        />
      )}
      {c.canReadAloud && (
        <Item label="Read aloud" icon={<Volume2 />} onClick={() => c.togglePanel('read-aloud')} disabled={!c.isReady} />
      )}
      <div className="my-1 grid grid-cols-3 gap-1">
        <Item compact label="Zoom out" icon={<ZoomOut />} onClick={c.zoomOut} disabled={!c.isReady} />
        <Item compact label="Zoom in" icon={<ZoomIn />} onClick={c.zoomIn} disabled={!c.isReady} />
        <Item compact label="Fit width" icon={<MoveHorizontal />} onClick={c.fitWidth} disabled={!c.isReady} />
      </div>
      <p className="px-3 text-sm text-muted-foreground" aria-live="polite">
        Zoom {formatZoom(c.scale)}
      </p>
      <Item label="Theme" icon={<Palette />} onClick={c.cycleTheme} detail={READER_THEME_LABELS[c.theme]} />
      {c.canFullscreen && (
        <Item
          label="Fullscreen"
          icon={c.isFullscreen ? <Minimize /> : <Maximize />}
          onClick={then(c.toggleFullscreen)}
          pressed={c.isFullscreen}
        />
      )}
      <Item label="Keyboard shortcuts" icon={<Keyboard />} onClick={() => c.togglePanel('help')} />
      <CopyAllowance remaining={c.copyRemaining} className="px-3 pt-2 text-xs text-muted-foreground" />
    </div>
  );
}
