import { attachClause } from '@shared/clause-attach.js';
import type { DocumentClause } from '@shared/clause-split.js';
import { matchPlaybook } from '@shared/playbook.js';
import type { Core } from '@server/core.js';
import type { CommentThreadRow } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { isApprover, type Participation } from '@server/policies/negotiation.js';
import { type HeldProposalDto, presentHeldProposal } from '@server/presenters/held-proposal.js';
import { displayName } from '@server/presenters/thread.js';
import { publishProposalHeld } from '@server/realtime/publishers/proposals.js';
import { proposalHeldMail } from '@server/mail/approval-mails.js';
import { recordEvent } from '../events/record-event.js';

/**
 * Whether a reply's proposal waits for internal approval: the project asks for it, the author is on
 * the sending team but may not approve, and the wording is none of the playbook's for the thread's
 * clause (normalised as the clause view compares wordings).
 */
export async function mustHold(
  tx: Tx,
  { actor, p, thread, proposal }: { actor: Actor; p: Participation; thread: CommentThreadRow; proposal: string },
): Promise<boolean> {
  if (p.side !== 'sender' || (await isApprover(tx.db, actor, p.project))) return false;
  const project = await tx.db
    .selectFrom('projects')
    .select('proposalApproval')
    .where('id', '=', p.project.id)
    .executeTakeFirstOrThrow();
  if (!project.proposalApproval) return false;
  const [file, pointers, playbook] = await Promise.all([
    tx.db
      .selectFrom('ndas')
      .innerJoin('documentClauses', 'documentClauses.fileSha256', 'ndas.fileSha256')
      .select('documentClauses.clauses')
      .where('ndas.id', '=', p.nda.id)
      .executeTakeFirst(),
    tx.db
      .selectFrom('pointers')
      .select(['page', 'x', 'y'])
      .where('commentThreadId', '=', thread.id)
      .orderBy('id')
      .execute(),
    tx.db
      .selectFrom('playbookClauses')
      .select(['clauseKey', 'preferred', 'fallbacks'])
      .where('projectId', '=', p.project.id)
      .execute(),
  ]);
  const clause = attachClause((file?.clauses as DocumentClause[] | undefined) ?? [], { quote: thread.quote, pointers });
  const entry = clause && playbook.find((c) => c.clauseKey === clause.key);
  if (!entry) return true;
  const match = matchPlaybook(
    {
      key: entry.clauseKey,
      preferred: entry.preferred,
      fallbacks: entry.fallbacks as string[],
      walkAway: '',
      guidance: '',
    },
    proposal,
  );
  return match.kind === 'outside';
}

/**
 * Holds a reply and its proposal for approval, in the caller's transaction: nothing reaches the bidder.
 * The project's senders hear of it live, the approvers by e-mail too; the event is the project's own
 * (no group, no NDA), so no recipient's feed or room carries it.
 */
export async function holdProposal(
  core: Core,
  tx: Tx,
  {
    actor,
    p,
    thread,
    text,
    proposal,
    ip,
  }: { actor: Actor; p: Participation; thread: CommentThreadRow; text: string; proposal: string; ip: string },
): Promise<HeldProposalDto> {
  const row = await tx.db
    .insertInto('heldProposals')
    .values({ commentThreadId: thread.id, authorId: actor.user.id, text, proposal })
    .returningAll()
    .executeTakeFirstOrThrow();
  const author = displayName(actor.user);
  const held = presentHeldProposal(row, p.nda.id, new Map([[actor.user.id, author]]));
  publishProposalHeld(core, tx, { project: p.project.id, held });
  await recordEvent(core, tx, {
    projectId: p.project.id,
    authorId: actor.user.id,
    status: 'proposal_held',
    subjectId: row.id,
    ip,
  });
  const facts = await tx.db
    .selectFrom('projects')
    .innerJoin('projectBranches', 'projectBranches.projectId', 'projects.id')
    .select(['projects.name as projectName', 'projectBranches.name as groupName'])
    .where('projectBranches.id', '=', p.branch.id)
    .executeTakeFirstOrThrow();
  const approvers = await tx.db
    .selectFrom('users')
    .select(['id', 'email', 'firstName'])
    .where('isDeleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('id', '=', p.project.ownerId),
        eb.and([eb('companyId', '=', p.project.companyId), eb('role', '=', 'owner')]),
        eb(
          'id',
          'in',
          eb
            .selectFrom('projectMembers')
            .select('userId')
            .where('projectId', '=', p.project.id)
            .where('canApprove', '=', true),
        ),
      ]),
    )
    .execute();
  for (const approver of approvers) {
    if (approver.id === actor.user.id) continue;
    const mail = proposalHeldMail({
      appUrl: core.config.appUrl,
      approverFirstName: approver.firstName,
      authorName: author,
      projectName: facts.projectName,
      groupName: facts.groupName,
      projectId: p.project.id,
      branchId: p.branch.id,
      threadId: thread.id,
      proposal,
    });
    await core.outbox.enqueue(tx, { to: approver.email, ...mail });
  }
  return held;
}
