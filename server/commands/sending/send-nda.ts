import { canResend, canSendToRecipient } from '@shared/nda-lifecycle.js';
import { SENDING_MESSAGES, type SendNdaInput } from '@shared/schemas/sending.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { ndaSentMail } from '@server/mail/nda-mails.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBranch } from '@server/policies/group.js';
import { publishProjectReceived } from '@server/realtime/publishers/projects.js';
import { createInvitation } from '../auth/create-invitation.js';
import { recordEvent } from '../events/record-event.js';
import { copyProjectNdaToBranch } from '../ndas/copy-project-nda.js';
import { announceReleases } from '../deal-documents/announce-releases.js';

/**
 * Sends a group's NDA to all its recipients, or to one (`signer`, a user id): the NDA is marked sent,
 * each recipient gets an nda_sent event and an e-mail queued in the same transaction. A recipient
 * without an account gets a fresh registration link, others a sign-in link to the group's NDA.
 * The group as a whole is sent an NDA once (the spec's resend rule: not sent, recalled or signed);
 * after that it goes again to one recipient at a time. A group without an NDA takes a copy of the
 * project NDA when it inherits it.
 */
export async function sendNda(
  core: Core,
  {
    actor,
    branchId,
    input,
    ip,
  }: { actor: Actor; branchId: number; input: SendNdaInput & { signer?: number }; ip?: string },
) {
  if (input.projectBranch !== undefined && input.projectBranch !== branchId)
    throw AppError.fields('group_invalid', { projectBranch: SENDING_MESSAGES.wrongGroup });
  const { branch, project } = await authorizeBranch(core.db, actor, branchId, 'change');
  const company = await core.db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', project.companyId)
    .executeTakeFirstOrThrow();
  const senderName = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;

  return core.tx(async (tx) => {
    const nda = branch.inheritNdaFromProject
      ? await copyProjectNdaToBranch(core, tx, { projectId: project.id, branchId: branch.id })
      : await tx.db
          .selectFrom('ndas')
          .selectAll()
          .where('projectBranchId', '=', branch.id)
          .forUpdate()
          .executeTakeFirst();
    if (!nda) throw AppError.nonField('not_sendable', SENDING_MESSAGES.noNda);
    if (!canSendToRecipient(nda)) throw AppError.nonField('not_sendable', SENDING_MESSAGES.notSendable);
    if (input.signer === undefined && !canResend(nda))
      throw AppError.nonField('not_sendable', SENDING_MESSAGES.alreadySent);

    let query = tx.db
      .selectFrom('signerships')
      .innerJoin('users', 'users.id', 'signerships.userId')
      .select(['users.id', 'users.email', 'users.firstName', 'users.role', 'users.passwordHash', 'users.isDeleted'])
      .where('signerships.projectBranchId', '=', branch.id)
      .where('users.isDeleted', '=', false)
      .orderBy('signerships.id');
    if (input.signer !== undefined) query = query.where('users.id', '=', input.signer);
    const recipients = await query.execute();
    if (recipients.length === 0) {
      if (input.signer !== undefined) throw AppError.fields('not_sendable', { signer: SENDING_MESSAGES.notInGroup });
      throw AppError.nonField('not_sendable', SENDING_MESSAGES.noRecipients);
    }

    // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
    const sent = await tx.db
      .updateTable('ndas')
      .set((eb) => ({ isSent: true, sentAt: eb.fn.coalesce('sentAt', eb.val(new Date())), updatedAt: new Date() }))
      .where('id', '=', nda.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const r of recipients) {
      await recordEvent(core, tx, {
        projectId: project.id,
        projectBranchId: branch.id,
        authorId: actor.user.id,
        status: 'nda_sent',
        ndaId: nda.id,
        subjectId: r.id,
        ip,
      });
      const unregisteredSigner = r.passwordHash === null && r.role === 'signer';
      const link = unregisteredSigner
        ? {
            kind: 'invitation' as const,
            ...(await createInvitation(tx, {
              email: r.email,
              role: 'signer',
              invitedById: actor.user.id,
              companyId: null,
            })),
          }
        : { kind: 'login' as const, projectId: project.id, branchId: branch.id };
      const mail = ndaSentMail({
        appUrl: core.config.appUrl,
        senderName,
        companyName: company.name,
        projectName: project.name,
        recipientFirstName: r.firstName,
        subject: input.subject,
        note: input.note,
        link,
      });
      await core.outbox.enqueue(tx, { to: r.email, ...mail });
      publishProjectReceived(core, tx, { recipient: r.id, project: project.id, projectBranch: branch.id });
    }
    await announceReleases(core, tx, { projectId: project.id, branchIds: [branch.id], ip });
    return {
      detail: SENDING_MESSAGES.sent,
      sent: recipients.length,
      nda: { id: sent.id, isSent: sent.isSent, isRecalled: sent.isRecalled, isSigned: sent.isSigned },
    };
  });
}
