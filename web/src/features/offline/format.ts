/** Display helpers for offline reading: sizes, download percentages and the "available until" sentence. Pure. */
import { formatDate } from '@web/features/selections/format';

const sizeFormatter = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** "840 KB", "12.3 MB" (powers of 1024, as storage settings show them). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0
    ? `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`
    : `${sizeFormatter.format(value)} ${UNITS[unit]}`;
}

/** Whole percent of a download, 0..100; 0 while the total is unknown. */
export function downloadPercent(receivedBytes: number, totalBytes: number): number {
  if (!(totalBytes > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((receivedBytes / totalBytes) * 100)));
}

/** "Available offline until 5 April 2026"; without a known date, "Available offline". */
export function availableUntilText(expiresAt: string | number | Date | null | undefined): string {
  const date = formatDate(expiresAt ?? null);
  return date ? `Available offline until ${date}` : 'Available offline';
}
