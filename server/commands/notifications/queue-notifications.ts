import type { Kysely } from 'kysely';
import { NOTIFICATION_FIELDS, type NotificationKind } from '@shared/notifications.js';
import type { Core } from '@server/core.js';
import type { Database, EventRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { type ItemFacts, notificationItemText, personLabel } from '@server/mail/notification-items.js';

/** The events someone hears about by e-mail, and the switch (kind) that governs each. */
const KIND_OF: Partial<Record<string, NotificationKind>> = {
  new_comments_thread: 'negotiation',
  new_comment: 'negotiation',
  approved: 'negotiation',
  rejected: 'negotiation',
  nda_signed: 'outcomes',
  nda_rejected: 'outcomes',
};

type Status = ItemFacts['status'];

/**
 * Queues the e-mail notifications of an event, in the event's transaction, for the digest worker
 * (server/processors/notification-digest.ts). A move in a negotiation goes to the other side; a
 * signature to both sides (the signer included: it is their copy); a pass to the sending team. People
 * who turned that kind off get nothing; people who have the NDA open when it happens see it live, so
 * their items are set aside just after commit.
 */
export async function queueNotifications(core: Core, tx: Tx, event: EventRow): Promise<void> {
  const kind = KIND_OF[event.status];
  if (!kind || !event.ndaId || !event.projectBranchId || !event.authorId) return;
  const status = event.status as Status;
  const project = await tx.db
    .selectFrom('projects')
    .select(['id', 'companyId', 'ownerId'])
    .where('id', '=', event.projectId)
    .executeTakeFirstOrThrow();
  const author = await tx.db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.id', 'users.firstName', 'users.lastName', 'users.email', 'users.companyId', 'users.role'])
    .select('companies.name as company')
    .where('users.id', '=', event.authorId)
    .executeTakeFirstOrThrow();
  const authorIsSender = author.companyId === project.companyId && author.role !== 'signer';

  const senders = status === 'nda_signed' || status === 'nda_rejected' || !authorIsSender;
  const signers = status === 'nda_signed' || (authorIsSender && status !== 'nda_rejected');
  const recipients = await recipientsOf(tx.db, {
    kind,
    project,
    branchId: event.projectBranchId,
    senders,
    signers,
    // The signer's own copy of what they signed; for everything else, nobody is told of their own move.
    exceptId: status === 'nda_signed' ? null : author.id,
  });
  if (recipients.length === 0) return;

  const text = notificationItemText({ status, who: personLabel(author), ...(await factsOf(tx.db, event)) });
  const rows = await tx.db
    .insertInto('notifications')
    .values(
      recipients.map((userId) => ({
        userId,
        kind,
        eventId: event.id,
        projectId: event.projectId,
        projectBranchId: event.projectBranchId!,
        ndaId: event.ndaId!,
        text,
      })),
    )
    .returning(['id', 'userId'])
    .execute();
  if (kind === 'negotiation') {
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

/**
 * Registered, active people of the sending side (the company's owner, the project's creator and its
 * team members) and/or of the group's recipients, who have this kind of e-mail turned on.
 */
async function recipientsOf(
  db: Kysely<Database>,
  q: {
    kind: NotificationKind;
    project: { id: number; companyId: number; ownerId: number };
    branchId: number;
    senders: boolean;
    signers: boolean;
    exceptId: number | null;
  },
): Promise<number[]> {
  if (!q.senders && !q.signers) return [];
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.isActive', '=', true)
    .where('users.isDeleted', '=', false)
    .where('users.passwordHash', 'is not', null)
    .where(NOTIFICATION_FIELDS[q.kind], '=', true)
    .$if(q.exceptId !== null, (w) => w.where('users.id', '!=', q.exceptId!))
    .where((eb) =>
      eb.or([
        ...(q.senders
          ? [
              eb.and([
                eb('users.companyId', '=', q.project.companyId),
                eb.or([
                  eb('users.role', '=', 'owner'),
                  eb('users.id', '=', q.project.ownerId),
                  eb(
                    'users.id',
                    'in',
                    eb.selectFrom('projectMembers').select('userId').where('projectId', '=', q.project.id),
                  ),
                ]),
              ]),
            ]
          : []),
        ...(q.signers
          ? [
              eb(
                'users.id',
                'in',
                eb.selectFrom('signerships').select('userId').where('projectBranchId', '=', q.branchId),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('users.id')
    .execute();
  return rows.map((r) => r.id);
}

/** What the item quotes: the thread, the reply, the wording proposed with it, a reason for passing. */
async function factsOf(db: Kysely<Database>, event: EventRow): Promise<Omit<ItemFacts, 'status' | 'who'>> {
  const threadText = (id: number) =>
    db.selectFrom('commentThreads').select(['id', 'text']).where('id', '=', id).executeTakeFirst();
  switch (event.status) {
    case 'new_comments_thread': {
      const thread = await threadText(event.subjectId!);
      const proposal = await db
        .selectFrom('threadProposals')
        .select('text')
        .where('commentThreadId', '=', event.subjectId!)
        .where('commentId', 'is', null)
        .executeTakeFirst();
      return { thread: thread?.text, proposal: proposal?.text };
    }
    case 'new_comment': {
      const comment = await db
        .selectFrom('comments')
        .select(['text', 'commentThreadId'])
        .where('id', '=', event.subjectId!)
        .executeTakeFirstOrThrow();
      const thread = await threadText(comment.commentThreadId);
      const proposal = await db
        .selectFrom('threadProposals')
        .select('text')
        .where('commentId', '=', event.subjectId!)
        .executeTakeFirst();
      return { thread: thread?.text, comment: comment.text, proposal: proposal?.text };
    }
    case 'approved':
    case 'rejected':
      return { thread: (await threadText(event.subjectId!))?.text };
    case 'nda_rejected': {
      const signership = await db
        .selectFrom('signerships')
        .select('rejectionReason')
        .where('projectBranchId', '=', event.projectBranchId!)
        .where('userId', '=', event.authorId!)
        .executeTakeFirst();
      return { reason: signership?.rejectionReason ?? null };
    }
    default:
      return {};
  }
}
