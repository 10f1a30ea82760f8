/**
 * The NDA timetable's pure rules: a group's deadline (its own, else its project's), when it has passed,
 * how a deadline reads in messages, and when a recipient's next reminder is due.
 */

import { plainUtcDateTime } from './utc-dates.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "1 December 2026 at 17:00 UTC". */
export function formatDeadlineUtc(at: Date): string {
  return plainUtcDateTime(at);
}

export const TIMETABLE_MESSAGES = {
  expired: (deadline: Date) => `This NDA expired on ${formatDeadlineUtc(deadline)}.`,
  deadlineFormat: 'Enter a date and time with a time zone (ISO 8601), or null for no deadline.',
  days: 'Enter a whole number of days from 1 to 365.',
} as const;

/** A group's own deadline wins; null inherits the project's; null for both: no deadline. */
export function effectiveDeadline(groupDeadline: Date | null, projectDeadline: Date | null): Date | null {
  return groupDeadline ?? projectDeadline;
}

/** An NDA can no longer be signed once its deadline is reached. */
export function deadlinePassed(deadline: Date | null, now: Date): boolean {
  return deadline !== null && now.getTime() >= deadline.getTime();
}

export interface ReminderSettings {
  enabled: boolean;
  firstAfterDays: number;
  everyDays: number;
}

export const DEFAULT_REMINDERS: ReminderSettings = { enabled: true, firstAfterDays: 5, everyDays: 2 };
export const REMINDER_DAYS_MAX = 365;

/** The first reminder comes firstAfterDays after the NDA was sent, each next one everyDays after the last. */
export function nextReminderDue(
  settings: Pick<ReminderSettings, 'firstAfterDays' | 'everyDays'>,
  { sentAt, lastSentAt }: { sentAt: Date; lastSentAt: Date | null },
): Date {
  return lastSentAt
    ? new Date(lastSentAt.getTime() + settings.everyDays * DAY_MS)
    : new Date(sentAt.getTime() + settings.firstAfterDays * DAY_MS);
}

/** A change of deadline gives more time: from a deadline to a later one, or to none. */
export function isExtension(before: Date | null, after: Date | null): boolean {
  return before !== null && (after === null || after.getTime() > before.getTime());
}
