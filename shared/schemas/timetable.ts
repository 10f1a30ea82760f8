import { z } from 'zod';
import { REMINDER_DAYS_MAX, TIMETABLE_MESSAGES } from '../timetable.js';

/** The NDA deadline and reminder schedule, as projects and groups take them at both doors. */

const blankToNull = (v: unknown) => (v === '' || v === 'null' ? null : v);

/** An instant with its offset ("2026-12-01T17:00:00Z", "2026-12-01T18:00:00+01:00"), kept in UTC; null: none. */
export const ndaDeadline = z.preprocess(
  blankToNull,
  z.iso
    .datetime({ offset: true, error: TIMETABLE_MESSAGES.deadlineFormat })
    .transform((v) => new Date(v))
    .nullable(),
);

const days = z.coerce
  .number({ error: TIMETABLE_MESSAGES.days })
  .int(TIMETABLE_MESSAGES.days)
  .min(1, TIMETABLE_MESSAGES.days)
  .max(REMINDER_DAYS_MAX, TIMETABLE_MESSAGES.days);

/** The project's reminder schedule; a form sends it as JSON text. Omitted parts keep their value. */
export const remindersInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .object({
      firstAfterDays: days,
      everyDays: days,
      enabled: z.boolean({ error: 'Must be true or false.' }),
    })
    .partial(),
);
export type RemindersInput = z.infer<typeof remindersInput>;
