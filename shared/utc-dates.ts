/** Dates as people write them, in UTC, for messages and the signed file: one wording everywhere. */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "23 November 2026". */
export function plainUtcDate(at: Date): string {
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
}

/** "1 December 2026 at 17:00 UTC". */
export function plainUtcDateTime(at: Date): string {
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  return `${plainUtcDate(at)} at ${hh}:${mm} UTC`;
}
