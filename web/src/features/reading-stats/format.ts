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

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '5 Mar' for a reader's day (YYYY-MM-DD). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'Thursday 5 March 2026' for a reader's day. */
export function formatLongDay(day: string): string {
  return longDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** '1 day', '3 days'. */
export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Whole minutes of a duration, for charts. */
export const minutesOf = (ms: number) => Math.round(ms / 60_000);
