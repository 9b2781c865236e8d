/** Display helpers of the dashboard's figures. Pure. */

/** '3 h 25 min', '45 min', 'Under a minute' or '0 min' for reading time in ms. */
export function formatReadingTime(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '0 min';
  const minutes = Math.floor(ms / 60_000);
  if (minutes === 0) return 'Under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Grouped digits in the reader's locale ('1,204'). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat().format(value);
}
