import { cn } from '@web/lib/cn';

/** The Wonderful Books mark: an open book with an amber ribbon (same drawing as the app icons). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f3a5f" />
      <polygon points="11.52,19.2 30.08,23.04 30.08,49.28 11.52,45.44" fill="#faf7f2" />
      <polygon points="52.48,19.2 33.92,23.04 33.92,49.28 52.48,45.44" fill="#faf7f2" />
      <polygon points="38.4,19.84 44.8,18.56 44.8,35.84 41.6,32.64 38.4,36.48" fill="#b45309" />
    </svg>
  );
}
