/** Reports (spec: Reports, section 9): the months they cover and how their figures are shown. */

/** Reports cover the last 6 months, the current month included. */
export const REPORT_MONTHS = 6;
/** The NDA chart is drawn after this delay (spec section 9). */
export const NDA_CHART_DELAY_MS = 1000;
/** The analytics dashboard's chart size (spec section 9). */
export const ANALYTICS_CHART = { width: 550, height: 310 } as const;

/** One month of a monthly list: year, month 1-12 and how many things happened in it. */
export interface MonthCount {
  year: number;
  month: number;
  number: number;
}

export interface YearMonth {
  year: number;
  month: number;
}

/** The `count` calendar months (UTC) that end with the month of `now`, oldest first. */
export function reportMonths(now: Date, count = REPORT_MONTHS): YearMonth[] {
  const months: YearMonth[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
  }
  return months;
}

/** The first instant (UTC) of the oldest month a report covers. */
export function reportStart(now: Date, count = REPORT_MONTHS): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1), 1));
}

/**
 * Counts per month as the database groups them, laid over the months of the report: every month is
 * present, a month with nothing counts 0, and counts outside the months are left out.
 */
export function fillMonths(months: YearMonth[], counts: Array<{ year: number; month: number; number: number }>) {
  const byMonth = new Map<string, number>();
  for (const c of counts) {
    const key = `${c.year}-${c.month}`;
    byMonth.set(key, (byMonth.get(key) ?? 0) + c.number);
  }
  return months.map((m): MonthCount => ({
    year: m.year,
    month: m.month,
    number: byMonth.get(`${m.year}-${m.month}`) ?? 0,
  }));
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

/** A duration in seconds as whole days, hours and minutes (rounded to the nearest minute). */
export function durationParts(seconds: number): DurationParts {
  const totalMinutes = Math.max(0, Math.round(seconds / 60));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "2 days 3 hours 5 minutes"; zero parts are left out, except for a duration under a minute. */
export function formatDuration(parts: DurationParts): string {
  const shown = [
    parts.days ? plural(parts.days, 'day') : '',
    parts.hours ? plural(parts.hours, 'hour') : '',
    parts.minutes ? plural(parts.minutes, 'minute') : '',
  ].filter(Boolean);
  return shown.length ? shown.join(' ') : 'Under a minute';
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A chart's label for a month: "Nov 2026". */
export function monthLabel(m: YearMonth): string {
  return `${MONTH_NAMES[m.month - 1] ?? m.month} ${m.year}`;
}

/** What the reports export as CSV: the events of the scope, or each group's NDA status. */
export type ReportExport = 'events' | 'statuses' | 'engagement';

/** The export's file name: "nda-report-events-2026-11-23.csv" (the day in UTC). */
export function reportExportName(kind: ReportExport, now: Date = new Date()): string {
  return `nda-report-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
