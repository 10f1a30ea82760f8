import type { RemindersInput } from '@shared/schemas/timetable.js';

/** The project columns a reminder schedule given at a door sets; parts left out keep their value. */
export function reminderColumns(reminders: RemindersInput | undefined) {
  const columns: { remindersEnabled?: boolean; remindersFirstAfterDays?: number; remindersEveryDays?: number } = {};
  if (reminders?.enabled !== undefined) columns.remindersEnabled = reminders.enabled;
  if (reminders?.firstAfterDays !== undefined) columns.remindersFirstAfterDays = reminders.firstAfterDays;
  if (reminders?.everyDays !== undefined) columns.remindersEveryDays = reminders.everyDays;
  return columns;
}
