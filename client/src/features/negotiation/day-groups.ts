import { startOfDay } from 'date-fns/startOfDay';
import { formatDayLabel } from '@shared/dates';

/** The label of a day in the comments list: Today, Yesterday, otherwise like '1st May, 2024'. */
export const dayLabel = (date: Date, now: Date = new Date()): string => formatDayLabel(date, now);

export interface DayGroup<T> {
  /** Local midnight of the day, as an ISO string: a stable React key. */
  key: string;
  label: string;
  items: T[];
}

/**
 * Items grouped by the local calendar day of `createdOf(item)`, newest day first and newest item first
 * within a day (the latest activity on top). Items with an unreadable date go to the oldest end.
 */
export function groupByDay<T>(
  items: readonly T[],
  createdOf: (item: T) => string,
  now: Date = new Date(),
): Array<DayGroup<T>> {
  const time = (item: T) => {
    const t = new Date(createdOf(item)).getTime();
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  const sorted = [...items].sort((a, b) => time(b) - time(a));
  const groups: Array<DayGroup<T>> = [];
  for (const item of sorted) {
    const t = time(item);
    const day = Number.isFinite(t) ? startOfDay(new Date(t)) : null;
    const key = day ? day.toISOString() : 'unknown';
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: day ? dayLabel(day, now) : 'Earlier', items: [item] });
  }
  return groups;
}
