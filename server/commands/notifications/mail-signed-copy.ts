import type { Core } from '@server/core.js';
import type { EventRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { personLabel } from '@server/mail/notification-items.js';
import { unsubscribeUrl } from '@server/mail/notification-mails.js';
import { signedCopyMail } from '@server/mail/signed-copy-mail.js';
import { recipientsOf } from './notification-recipients.js';

/**
 * The signed copy is the deal's record: both sides (the signer included, it is their copy) get its
 * e-mail as soon as the signature commits, straight through the outbox rather than in a digest. Those
 * who turned signature e-mails off get nothing. Written in the signature's transaction; while the
 * NDA's seal is pending there is no signed copy to download, so it is written once the backlog seals
 * it instead (signing/announce-sealed.ts).
 */
export async function mailSignedCopy(
  core: Core,
  tx: Tx,
  event: EventRow,
  ctx: {
    project: { id: number; companyId: number; ownerId: number };
    author: { firstName: string; lastName: string; email: string; company: string | null } | null;
  },
): Promise<void> {
  if (!ctx.author || !event.ndaId || !event.projectBranchId) return;
  const branchId = event.projectBranchId;
  const nda = await tx.db.selectFrom('ndas').select('sealPending').where('id', '=', event.ndaId).executeTakeFirst();
  if (!nda || nda.sealPending) return;
  const people = await recipientsOf(tx.db, {
    kind: 'outcomes',
    project: ctx.project,
    branchId,
    senders: true,
    signers: true,
    exceptId: null,
  })
    .select(['users.email', 'users.firstName'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('signerships')
            .select('signerships.id')
            .whereRef('signerships.userId', '=', 'users.id')
            .where('signerships.projectBranchId', '=', branchId),
        )
        .as('isSigner'),
    )
    .execute();
  if (people.length === 0) return;
  const names = await tx.db
    .selectFrom('ndas')
    .innerJoin('projects', 'projects.id', 'ndas.projectId')
    .select(['ndas.name as ndaName', 'projects.name as projectName'])
    .select((eb) =>
      eb.selectFrom('projectBranches').select('name').where('id', '=', branchId).$asScalar().as('groupName'),
    )
    .where('ndas.id', '=', event.ndaId)
    .executeTakeFirstOrThrow();
  const { appUrl } = core.config;
  for (const person of people) {
    const mail = signedCopyMail({
      appUrl,
      firstName: person.firstName,
      signer: personLabel(ctx.author),
      projectId: event.projectId,
      branchId,
      projectName: names.projectName,
      // The group's name is the sending team's label.
      groupName: person.isSigner ? null : names.groupName,
      ndaName: names.ndaName,
      unsubscribeUrl: unsubscribeUrl(appUrl, core.tokens.signUnsubscribe(person.id, ['outcomes'])),
    });
    await core.outbox.enqueue(tx, { to: person.email, ...mail });
  }
}
