import type { Kysely } from 'kysely';
import type { NotificationKind } from '@shared/notifications.js';
import type { Core } from '@server/core.js';
import type { Database, EventRow, Role } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { type ItemFacts, notificationItemText, personLabel } from '@server/mail/notification-items.js';
import { mailSignedCopy } from './mail-signed-copy.js';
import { recipientsOf } from './notification-recipients.js';

/** The events someone hears about by e-mail, and the switch (kind) that governs each. */
const KIND_OF: Partial<Record<string, NotificationKind>> = {
  new_comments_thread: 'negotiation',
  new_comment: 'negotiation',
  approved: 'negotiation',
  rejected: 'negotiation',
  nda_signed: 'outcomes',
  nda_rejected: 'outcomes',
  recipient_signed: 'outcomes',
};

type Status = ItemFacts['status'];

/** What queuing an event's notifications needs besides the event, read when it was written. */
export interface EventContext {
  project: { id: number; companyId: number; ownerId: number };
  /** The author, unless the event has none or they are gone. */
  author: {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    companyId: number | null;
    role: Role;
    company: string | null;
  } | null;
  /** The reason the author gave when they passed on the opportunity, if they did. */
  passReason: string | null;
}

/**
 * Queues the e-mail notifications of an event, in the event's transaction, for the digest worker
 * (server/processors/notification-digest.ts). A move in a negotiation goes to the other side; a pass
 * to the sending team. A signature is not digested: the signed copy's e-mail goes to both sides at once
 * (mailSignedCopy). People who turned that kind off get nothing; people who have the NDA open when it
 * happens see it live, so their items are set aside just after commit.
 */
export async function queueNotifications(core: Core, tx: Tx, event: EventRow, ctx: EventContext): Promise<void> {
  const kind = KIND_OF[event.status];
  const { project, author } = ctx;
  if (!kind || !event.ndaId || !event.projectBranchId || !author) return;
  if (event.status === 'nda_signed') return mailSignedCopy(core, tx, event, ctx);
  const status = event.status as Status;
  const authorIsSender = author.companyId === project.companyId && author.role !== 'signer';

  // The bidder's signature awaiting the countersignature goes to both sides, the signer included.
  const signed = status === 'recipient_signed';
  const senders = signed || status === 'nda_rejected' || !authorIsSender;
  const signers = signed || (authorIsSender && status !== 'nda_rejected');
  const text = notificationItemText({ status, who: personLabel(author), ...(await factsOf(tx.db, event, ctx)) });
  const recipients = recipientsOf(tx.db, {
    kind,
    project,
    branchId: event.projectBranchId,
    senders,
    signers,
    // The signer's own copy of what they signed; for everything else, nobody is told of their own move.
    exceptId: signed ? null : author.id,
  });
  // One statement: each recipient's item is written as they are found.
  const rows = await tx.db
    .insertInto('notifications')
    .columns(['userId', 'kind', 'eventId', 'projectId', 'projectBranchId', 'ndaId', 'text'])
    .expression(
      recipients.select((eb) => [
        eb.cast<string>(eb.val(kind), 'varchar').as('kind'),
        eb.cast<number>(eb.val(event.id), 'integer').as('eventId'),
        eb.cast<number>(eb.val(event.projectId), 'integer').as('projectId'),
        eb.cast<number>(eb.val(event.projectBranchId!), 'integer').as('projectBranchId'),
        eb.cast<number>(eb.val(event.ndaId!), 'integer').as('ndaId'),
        eb.cast<string>(eb.val(text), 'text').as('text'),
      ]),
    )
    .returning(['id', 'userId'])
    .execute();
  if (kind === 'negotiation' && rows.length > 0) {
    const ndaId = event.ndaId;
    // Not awaited: the command answers without waiting for the socket servers.
    tx.afterCommit(() => {
      setAsideSeenLive(core, ndaId, rows).catch((err) =>
        core.log.warn({ err, ndaId }, 'could not check who saw a negotiation move live'),
      );
    });
  }
}

/** Items of people who had the NDA open when the move happened: they saw it, so it is not mailed. */
async function setAsideSeenLive(core: Core, ndaId: number, rows: Array<{ id: number; userId: number }>) {
  const viewers = await core.realtime.viewersOf(ndaId);
  const seen = rows.filter((r) => viewers.has(r.userId)).map((r) => r.id);
  if (seen.length === 0) return;
  await core.db
    .updateTable('notifications')
    .set({ status: 'seen' })
    .where('id', 'in', seen)
    .where('status', '=', 'pending')
    .execute();
}

/** What the item quotes: the thread, the reply, the wording proposed with it, a reason for passing; one statement. */
async function factsOf(
  db: Kysely<Database>,
  event: EventRow,
  ctx: EventContext,
): Promise<Omit<ItemFacts, 'status' | 'who'>> {
  switch (event.status) {
    case 'new_comments_thread': {
      // The wording proposed when the thread was opened (a reply's counter-proposal names its reply).
      const found = await db
        .selectFrom('commentThreads')
        .leftJoin('threadProposals', (j) =>
          j
            .onRef('threadProposals.commentThreadId', '=', 'commentThreads.id')
            .on('threadProposals.commentId', 'is', null),
        )
        .select(['commentThreads.text as thread', 'threadProposals.text as proposal'])
        .where('commentThreads.id', '=', event.subjectId!)
        .executeTakeFirst();
      return { thread: found?.thread, proposal: found?.proposal };
    }
    case 'new_comment': {
      const found = await db
        .selectFrom('comments')
        .innerJoin('commentThreads', 'commentThreads.id', 'comments.commentThreadId')
        .leftJoin('threadProposals', 'threadProposals.commentId', 'comments.id')
        .select(['commentThreads.text as thread', 'comments.text as comment', 'threadProposals.text as proposal'])
        .where('comments.id', '=', event.subjectId!)
        .executeTakeFirstOrThrow();
      return { thread: found.thread, comment: found.comment, proposal: found.proposal };
    }
    case 'approved':
    case 'rejected': {
      // Read after the move: its status tells a rejection that settled the thread.
      const found = await db
        .selectFrom('commentThreads')
        .select(['text', 'negotiationStatus'])
        .where('id', '=', event.subjectId!)
        .executeTakeFirst();
      return { thread: found?.text, settled: found?.negotiationStatus === 'rejected_by_both_parties' };
    }
    case 'nda_rejected':
      return { reason: ctx.passReason };
    default:
      return {};
  }
}
