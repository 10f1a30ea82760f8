import { ENGAGEMENT_FORMULA } from '@shared/engagement.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { weeklyEngagementMail } from '@server/mail/engagement-mails.js';
import { groupEngagement } from '@server/queries/engagement/group-engagement.js';

const BATCH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The weekly e-mail goes out from Monday 08:00 UTC. */
const SEND_FROM_HOUR = 8;

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/**
 * Queues, once a week from Monday 08:00 UTC at the configured clock, the engagement e-mail of each
 * project that has sent its NDA to a group and is not archived, to its adviser (the project's owner)
 * unless they turned it off. Each e-mail is an engagement_digests row for the project, adviser and
 * week, inserted in the transaction that queues it: a second server process, or a pass after a
 * restart, finds the row and sends nothing.
 */
export async function sendWeeklyEngagement(core: Core, now: Date, stopped: () => boolean = () => false): Promise<void> {
  const week = weekStart(now);
  if (now.getTime() < week.getTime() + SEND_FROM_HOUR * 60 * 60 * 1000) return;
  for (;;) {
    if (stopped()) return;
    const seen = await core.tx((tx) => sendBatch(core, tx, week));
    if (seen < BATCH) return;
  }
}

async function sendBatch(core: Core, tx: Tx, week: Date): Promise<number> {
  const due = await tx.db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.ownerId')
    .select([
      'projects.id as projectId',
      'projects.name as projectName',
      'users.id as userId',
      'users.email',
      'users.firstName',
    ])
    .where('projects.isArchived', '=', false)
    .where('users.notifyEngagement', '=', true)
    .where('users.isDeleted', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ndas')
          .select('ndas.id')
          .whereRef('ndas.projectId', '=', 'projects.id')
          .where('ndas.projectBranchId', 'is not', null)
          .where('ndas.isSent', '=', true),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('engagementDigests')
            .select('engagementDigests.projectId')
            .whereRef('engagementDigests.projectId', '=', 'projects.id')
            .whereRef('engagementDigests.userId', '=', 'users.id')
            .where('engagementDigests.weekStart', '=', week),
        ),
      ),
    )
    .orderBy('projects.id')
    .limit(BATCH)
    .execute();
  for (const d of due) {
    // Whoever inserts the week's row sends the e-mail; another process's insert waits for it, then does nothing.
    const claimed = await tx.db
      .insertInto('engagementDigests')
      .values({ projectId: d.projectId, userId: d.userId, weekStart: week })
      .onConflict((oc) => oc.doNothing())
      .returning('projectId')
      .executeTakeFirst();
    if (!claimed) continue;
    const groups = await tx.db
      .selectFrom('projectBranches')
      .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
      .select(['projectBranches.id', 'projectBranches.name'])
      .distinct()
      .where('projectBranches.projectId', '=', d.projectId)
      .where('ndas.isSent', '=', true)
      .execute();
    const figures = await groupEngagement(
      tx.db,
      groups.map((g) => g.id),
    );
    const mail = weeklyEngagementMail({
      appUrl: core.config.appUrl,
      firstName: d.firstName,
      projectName: d.projectName,
      projectId: d.projectId,
      formula: ENGAGEMENT_FORMULA,
      groups: groups.map((g) => ({ name: g.name, ...figures.get(g.id)! })),
      unsubscribeToken: core.tokens.signUnsubscribe(d.userId, ['engagement']),
    });
    await core.outbox.enqueue(tx, { to: d.email, ...mail });
  }
  return due.length;
}
