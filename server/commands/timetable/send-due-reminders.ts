import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { ndaReminderMail } from '@server/mail/timetable-mails.js';
import { countOpenThreads } from '@server/queries/threads/open-threads.js';
import { recordEvent } from '../events/record-event.js';
import { awaitingSignature, groupDeadline, groupNotPassed } from './timetable-sql.js';

const BATCH = 20;

/**
 * Sends the reminders that are due at `now` to recipients whose NDA waits for their signature, on
 * the project's schedule (shared/timetable.ts nextReminderDue): the first firstAfterDays after the
 * NDA was sent, then every everyDays, none once the group's deadline is reached, none when the project
 * turned reminders off or the recipient did. Each recipient and NDA has an nda_reminders row, claimed
 * with FOR UPDATE SKIP LOCKED; the e-mail is queued in the outbox and the row advanced in the same
 * transaction, so each reminder goes out once across restarts and server processes.
 */
export async function sendDueReminders(core: Core, now: Date, stopped: () => boolean = () => false): Promise<void> {
  await scheduleReminders(core);
  for (;;) {
    if (stopped()) return;
    const claimed = await core.tx((tx) => sendBatch(core, tx, now));
    if (claimed < BATCH) return;
  }
}

/** One row per recipient of an NDA waiting for their signature; added once, by whichever process comes first. */
async function scheduleReminders(core: Core): Promise<void> {
  await core.db
    .insertInto('ndaReminders')
    .columns(['signershipId', 'ndaId'])
    .expression((db) =>
      db
        .selectFrom('signerships')
        .innerJoin('ndas', 'ndas.projectBranchId', 'signerships.projectBranchId')
        .leftJoin('ndaReminders', (j) =>
          j.onRef('ndaReminders.signershipId', '=', 'signerships.id').onRef('ndaReminders.ndaId', '=', 'ndas.id'),
        )
        .select(['signerships.id', 'ndas.id'])
        .where((eb) => awaitingSignature(eb))
        .where('signerships.signedAt', 'is', null)
        .where('ndaReminders.ndaId', 'is', null),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function sendBatch(core: Core, tx: Tx, now: Date): Promise<number> {
  const due = sql<Date>`case when ${sql.ref('ndaReminders.lastSentAt')} is null
      then ${sql.ref('ndas.sentAt')} + make_interval(days => ${sql.ref('projects.remindersFirstAfterDays')})
      else ${sql.ref('ndaReminders.lastSentAt')} + make_interval(days => ${sql.ref('projects.remindersEveryDays')}) end`;
  const rows = await tx.db
    .selectFrom('ndaReminders')
    .innerJoin('signerships', 'signerships.id', 'ndaReminders.signershipId')
    .innerJoin('ndas', 'ndas.id', 'ndaReminders.ndaId')
    .innerJoin('projectBranches', 'projectBranches.id', 'signerships.projectBranchId')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .innerJoin('companies', 'companies.id', 'projects.companyId')
    .innerJoin('users', 'users.id', 'signerships.userId')
    .select([
      'ndaReminders.signershipId',
      'ndaReminders.ndaId',
      'projectBranches.id as branchId',
      'projects.id as projectId',
      'projects.name as projectName',
      'companies.name as companyName',
      'users.id as userId',
      'users.email',
      'users.firstName',
    ])
    .select(groupDeadline().as('deadline'))
    .where((eb) => awaitingSignature(eb))
    .where((eb) => groupNotPassed(eb))
    .whereRef('ndas.projectBranchId', '=', 'projectBranches.id')
    .where('signerships.signedAt', 'is', null)
    .where('signerships.rejectedAt', 'is', null)
    .where('projects.remindersEnabled', '=', true)
    .where('projects.isArchived', '=', false)
    .where('users.notifyReminders', '=', true)
    .where('users.isDeleted', '=', false)
    .where(due, '<=', now)
    // Stopping at the deadline: nothing once it is reached.
    .where((eb) => eb.or([eb(groupDeadline(), 'is', null), eb(groupDeadline(), '>', now)]))
    .orderBy('ndaReminders.signershipId')
    .limit(BATCH)
    .forUpdate('ndaReminders')
    .skipLocked()
    .execute();
  for (const r of rows) {
    const mail = ndaReminderMail({
      appUrl: core.config.appUrl,
      recipientFirstName: r.firstName,
      projectName: r.projectName,
      companyName: r.companyName,
      projectId: r.projectId,
      branchId: r.branchId,
      openThreads: await countOpenThreads(tx.db, r.ndaId),
      deadline: r.deadline,
      unsubscribeToken: core.tokens.signUnsubscribe(r.userId, ['reminders']),
    });
    await core.outbox.enqueue(tx, { to: r.email, ...mail });
    await tx.db
      .updateTable('ndaReminders')
      .set((eb) => ({ sentCount: eb('sentCount', '+', 1), lastSentAt: now }))
      .where('signershipId', '=', r.signershipId)
      .where('ndaId', '=', r.ndaId)
      .execute();
    await recordEvent(core, tx, {
      projectId: r.projectId,
      projectBranchId: r.branchId,
      authorId: null,
      status: 'reminder_sent',
      ndaId: r.ndaId,
      subjectId: r.userId,
    });
  }
  return rows.length;
}
