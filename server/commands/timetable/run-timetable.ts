import type { Core } from '@server/core.js';
import { sendWeeklyEngagement } from '../engagement/send-weekly-engagement.js';
import { recordExpiries } from './record-expiries.js';
import { sendDueReminders } from './send-due-reminders.js';

/**
 * One pass of the deal timetable at the configured clock's time: deadlines that passed, reminders due,
 * then the advisers' weekly engagement e-mails due.
 */
export async function runTimetable(core: Core, stopped: () => boolean = () => false): Promise<void> {
  const now = core.config.timetable.now();
  await recordExpiries(core, now, stopped);
  await sendDueReminders(core, now, stopped);
  await sendWeeklyEngagement(core, now, stopped);
}
