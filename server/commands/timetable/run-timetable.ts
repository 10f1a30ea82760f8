import type { Core } from '@server/core.js';
import { recordExpiries } from './record-expiries.js';
import { sendDueReminders } from './send-due-reminders.js';

/** One pass of the NDA timetable at the configured clock's time: deadlines that passed, then reminders due. */
export async function runTimetable(core: Core, stopped: () => boolean = () => false): Promise<void> {
  const now = core.config.timetable.now();
  await recordExpiries(core, now, stopped);
  await sendDueReminders(core, now, stopped);
}
