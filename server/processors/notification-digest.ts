import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_FIELDS, NOTIFICATION_KINDS, type NotificationKind } from '@shared/notifications.js';
import type { Db } from '../db/connect.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { authorizeNda } from '../policies/nda.js';
import { transaction, type Tx } from '../db/transaction.js';
import { type DigestNda, notificationDigestMail, unsubscribeUrl } from '../mail/notification-mails.js';
import type { Publisher } from '../realtime/publisher.js';
import type { TokenService } from '../services/tokens.js';
import type { MailOutbox } from './mail-outbox.js';
import { PollingWorker } from './polling-worker.js';

export interface DigestDeps {
  db: Db;
  outbox: MailOutbox;
  realtime: Publisher;
  tokens: TokenService;
  log: FastifyBaseLogger;
  appUrl: string;
  /** How long the first item of a person waits for others to join it in one e-mail. */
  windowSeconds: number;
  pollMs: number;
}

const USERS_PER_PASS = 50;

/**
 * Turns the queued notifications (server/commands/notifications/queue-notifications.ts) into one
 * e-mail per person: a person is due once their oldest pending item is older than the window, and the
 * e-mail then lists everything pending for them. Items of an NDA the person has open right now are
 * set aside (they are looking at it), items of a kind they turned off are skipped. The rows are
 * locked (skipping rows another server holds), and the e-mail is queued in the mail outbox in the same
 * transaction that marks them sent: a crash or restart neither loses nor repeats a digest.
 */
export class NotificationDigest extends PollingWorker {
  constructor(private readonly deps: DigestDeps) {
    super({ ms: deps.pollMs, log: deps.log, failure: 'notification digest pass failed' }, true);
  }

  /** Sends every digest that is due; resolves when none is left. */
  protected async pass(): Promise<void> {
    for (;;) {
      const due = await this.dueUsers();
      let sent = 0;
      for (const userId of due) if (await this.sendTo(userId)) sent++;
      if (sent === 0 || this.stopped) return;
    }
  }

  private async dueUsers(): Promise<number[]> {
    const result = await sql<{ userId: number }>`
      select user_id from notifications
       where status = 'pending'
       group by user_id
      having min(created_at) <= now() - make_interval(secs => ${this.deps.windowSeconds})
       order by min(created_at)
       limit ${USERS_PER_PASS}`.execute(this.deps.db);
    return result.rows.map((r) => r.userId);
  }

  /** The NDAs the person has open now, among those of their pending items (asked outside any transaction). */
  private async viewing(userId: number): Promise<Set<number>> {
    const ndas = await this.deps.db
      .selectFrom('notifications')
      .select('ndaId')
      .distinct()
      .where('userId', '=', userId)
      .where('status', '=', 'pending')
      .where('kind', '=', 'negotiation')
      .execute();
    const open = new Set<number>();
    for (const { ndaId } of ndas) if ((await this.deps.realtime.viewersOf(ndaId)).has(userId)) open.add(ndaId);
    return open;
  }

  /** Answers whether the person's items were dealt with (sent, set aside or skipped). */
  private async sendTo(userId: number): Promise<boolean> {
    const open = await this.viewing(userId);
    return transaction(this.deps.db, async (tx) => {
      const locked = await tx.db
        .selectFrom('notifications')
        .select(['id', 'createdAt'])
        .select(sql<boolean>`created_at <= now() - make_interval(secs => ${this.deps.windowSeconds})`.as('due'))
        .where('userId', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('id')
        .forUpdate()
        .skipLocked()
        .execute();
      // Another server holds the older items (and is sending them): leave the newer ones for later.
      if (!locked.some((r) => r.due)) return false;
      const ids = locked.map((r) => r.id);
      const items = await tx.db
        .selectFrom('notifications')
        .innerJoin('projects', 'projects.id', 'notifications.projectId')
        .innerJoin('projectBranches', 'projectBranches.id', 'notifications.projectBranchId')
        .innerJoin('ndas', 'ndas.id', 'notifications.ndaId')
        .leftJoin('events', 'events.id', 'notifications.eventId')
        .select([
          'notifications.id',
          'notifications.kind',
          'notifications.text',
          'notifications.ndaId',
          'notifications.projectId',
          'notifications.projectBranchId',
          'projects.name as projectName',
          'projectBranches.name as groupName',
          'ndas.name as ndaName',
          'events.status',
        ])
        .where('notifications.id', 'in', ids)
        .orderBy('notifications.id')
        .execute();
      const user = await tx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      const reachable = user.isActive && !user.isDeleted && user.passwordHash !== null;
      // Access may have ended since the move was queued (taken off the project, out of the group).
      const visible = reachable ? await visibleNdas(tx, user, [...new Set(items.map((i) => i.ndaId))]) : new Set();
      const seen = items.filter((i) => i.kind === 'negotiation' && open.has(i.ndaId));
      const skipped = items.filter((i) => !reachable || !visible.has(i.ndaId) || !user[NOTIFICATION_FIELDS[i.kind]]);
      const send = items.filter((i) => !seen.includes(i) && !skipped.includes(i));
      await mark(tx, seen, 'seen');
      await mark(tx, skipped, 'skipped');
      if (send.length === 0) return true;

      const signerOf = new Set(
        (
          await tx.db
            .selectFrom('signerships')
            .select('projectBranchId')
            .where('userId', '=', userId)
            .where('projectBranchId', 'in', [...new Set(send.map((i) => i.projectBranchId))])
            .execute()
        ).map((r) => r.projectBranchId),
      );
      const ndas = new Map<number, DigestNda>();
      for (const i of send) {
        const nda = ndas.get(i.ndaId) ?? {
          projectId: i.projectId,
          branchId: i.projectBranchId,
          projectName: i.projectName,
          groupName: signerOf.has(i.projectBranchId) ? null : i.groupName,
          ndaName: i.ndaName,
          items: [],
        };
        nda.items.push({ kind: i.kind, status: i.status ?? '', text: i.text });
        ndas.set(i.ndaId, nda);
      }
      const kinds = NOTIFICATION_KINDS.filter((k) => send.some((i) => i.kind === k));
      const link = (ks: readonly NotificationKind[]) =>
        unsubscribeUrl(this.deps.appUrl, this.deps.tokens.signUnsubscribe(userId, ks));
      const mail = notificationDigestMail({
        appUrl: this.deps.appUrl,
        firstName: user.firstName,
        ndas: [...ndas.values()],
        unsubscribe: { each: kinds.map((kind) => ({ kind, url: link([kind]) })), all: link(kinds) },
      });
      await this.deps.outbox.enqueue(tx, { to: user.email, ...mail });
      await mark(tx, send, 'sent');
      return true;
    });
  }
}

/** The NDAs among `ndaIds` the person may see now, by the same policy as every request. */
async function visibleNdas(tx: Tx, user: UserRow, ndaIds: number[]): Promise<Set<number>> {
  const visible = new Set<number>();
  for (const ndaId of ndaIds) {
    try {
      await authorizeNda(tx.db, { user, sessionId: '' }, ndaId, 'view');
      visible.add(ndaId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return visible;
}

async function mark(tx: Tx, items: Array<{ id: number }>, status: 'sent' | 'seen' | 'skipped') {
  if (items.length === 0) return;
  await tx.db
    .updateTable('notifications')
    .set({ status, sentAt: status === 'sent' ? new Date() : null })
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
}
