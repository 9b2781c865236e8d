/**
 * A challenge's dates as the reader's local days: the form's YYYY-MM-DD values become the instants the API stores (the
 * start at the first moment of its day, the end at the first moment after its last day), and back.
 */
const pad = (value: number) => String(value).padStart(2, '0');

function parseLocalDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The local day an instant falls on, as YYYY-MM-DD. */
export function localDateOf(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function addDaysToLocalDate(value: string, days: number): string {
  const date = parseLocalDate(value);
  if (!date) return value;
  date.setDate(date.getDate() + days);
  return localDateOf(date.getTime());
}

/** The first moment of a local day, as an ISO instant; '' when the value is not a date (the schema then says so). */
export function localDayStart(value: string): string {
  return parseLocalDate(value)?.toISOString() ?? value;
}

/** The first moment after a local day (the end is exclusive), as an ISO instant. */
export function localDayEnd(value: string): string {
  const date = parseLocalDate(value);
  if (!date) return value;
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "1 Mar 2026 – 7 Mar 2026": the first and the last day. */
export function formatChallengeDates(startIso: string, endIso: string): string {
  return `${DAY_FORMAT.format(new Date(startIso))} – ${DAY_FORMAT.format(new Date(Date.parse(endIso) - 1))}`;
}
