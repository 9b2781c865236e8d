import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export interface ToolbarButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: ReactNode;
  /** Shown next to the icon (mobile bars label their buttons). */
  text?: string;
  pressed?: boolean;
}

/** An icon button of the reader's bars: a 44 px touch target, a name for assistive technology. */
export const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(
  ({ label, icon, text, pressed, className, ...props }, ref) => (
    <button
      ref={ref}
      type="button"
      // The visible text must be part of the accessible name (WCAG 2.5.3), e.g. "Theme: Sepia".
      aria-label={text && !label.includes(text) ? `${label}: ${text}` : label}
      title={label}
      aria-pressed={pressed}
      className={cn(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-md px-2 text-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-secondary aria-pressed:text-secondary-foreground [&_svg]:size-5',
        className,
      )}
      {...props}
    >
      {icon}
      {text && <span className="text-xs font-medium">{text}</span>}
    </button>
  ),
);
ToolbarButton.displayName = 'ToolbarButton';
