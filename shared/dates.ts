// One module per function: the package's index loads all of date-fns, about 0.9 CPU-s in every
// Node process that imports it (the server, each worker and test process).
import { format as formatWith } from 'date-fns/format';
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { isSameDay } from 'date-fns/isSameDay';
import { isValid } from 'date-fns/isValid';
import { subDays } from 'date-fns/subDays';

/**
 * How the product writes dates and times (the spec's formats, in date-fns tokens), in one place for
 * every screen. Each function reads an ISO string, a timestamp or a Date and writes it in the time zone
 * of the runtime: the viewer's own in the browser. Where the server writes a document it passes UTC
 * values itself.
 *
 * - `short` (dd/MM/yy): dates in dense lists and tables, where many sit one under the other.
 * - `date` (d LLL yyyy): a date on its own in a sentence or a card ('Created 1 May 2024').
 * - `dateTime` (dd.MM.yyyy k:mm): a moment, when the time of day matters (a recipient's last move,
 *   a proposal, a signature).
 * - `time` (k:mm): the time part of `dateTime`, under a label that already names the day.
 * - `day`: the comments list's day labels, 'Today', 'Yesterday', otherwise like '1st May, 2024'.
 * - relative ('5 minutes ago'): only the activity feed, which reads as a running story.
 */
export const DATE_FORMATS = {
  short: 'dd/MM/yy',
  date: 'd LLL yyyy',
  dateTime: 'dd.MM.yyyy k:mm',
  time: 'k:mm',
  day: 'do MMM, yyyy',
} as const;

export type DateInput = string | number | Date;

/** What a missing or unreadable date shows as. */
export const NO_DATE = '–';

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

function write(value: DateInput | null | undefined, pattern: string): string {
  if (value === null || value === undefined) return NO_DATE;
  const date = toDate(value);
  return date ? formatWith(date, pattern) : NO_DATE;
}

/** dd/MM/yy: '01/05/24'. */
export const formatShortDate = (value: DateInput | null | undefined): string => write(value, DATE_FORMATS.short);

/** d LLL yyyy: '1 May 2024'. */
export const formatDate = (value: DateInput | null | undefined): string => write(value, DATE_FORMATS.date);

/** dd.MM.yyyy k:mm: '01.05.2024 9:05' (k: hours 1 to 24). */
export const formatDateTime = (value: DateInput | null | undefined): string => write(value, DATE_FORMATS.dateTime);

/** k:mm: '9:05', the time of `formatDateTime`. */
export const formatTime = (value: DateInput | null | undefined): string => write(value, DATE_FORMATS.time);

/** The label of a day in the comments list: Today, Yesterday, otherwise like '1st May, 2024'. */
export function formatDayLabel(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  if (isSameDay(date, now)) return 'Today';
  if (isSameDay(date, subDays(now, 1))) return 'Yesterday';
  return formatWith(date, DATE_FORMATS.day);
}

/**
 * How long ago, for the activity feed: 'just now' under a minute, then '5 minutes ago', '3 hours ago',
 * '2 days ago'; a week or more back, the date itself (d LLL yyyy), which reads better than '5 months ago'.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  const ms = now.getTime() - date.getTime();
  if (ms < 60_000) return 'just now';
  if (ms >= 7 * 24 * 60 * 60_000) return formatWith(date, DATE_FORMATS.date);
  return formatDistanceStrict(date, now, { addSuffix: true, roundingMethod: 'floor' });
}

/** The time alone (k:mm) when `value` falls on the day of `day`, which a label already names; else dd.MM.yyyy k:mm. */
export function formatTimeOnDay(value: DateInput, day: DateInput): string {
  const date = toDate(value);
  const other = toDate(day);
  if (!date) return NO_DATE;
  return other && isSameDay(date, other)
    ? formatWith(date, DATE_FORMATS.time)
    : formatWith(date, DATE_FORMATS.dateTime);
}
