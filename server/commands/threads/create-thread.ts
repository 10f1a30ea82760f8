import type { z } from 'zod';
import type { ThreadDto } from '@shared/dto.js';
import type { createThreadInput } from '@shared/schemas/threads.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import {
  abilityContext,
  authorizeParticipant,
  authorizeThreadAction,
  type LockedParticipation,
  negotiationState,
} from '@server/policies/negotiation.js';
import { presentThread } from '@server/presenters/thread.js';
import { publishThreadCreated } from '@server/realtime/publishers/threads.js';
import { recordEvent } from '../events/record-event.js';
import { holdProposal, mustHold } from '../proposals/hold-proposal.js';

/** The reply that carries, once released, the wording a thread was opened with while it was held. */
export const HELD_OPENING_REPLY = 'We propose the following wording.';

type ThreadInput = Omit<z.output<typeof createThreadInput>, 'nda'>;

/** Opens a comment thread at one or more pointers on the NDA's pages, with the clause it quotes and the wording it proposes. */
export async function createThread(
  core: Core,
  { actor, input, ip }: { actor: Actor; input: z.output<typeof createThreadInput>; ip: string },
) {
  return core.tx(async (tx) => {
    // The NDA's row is locked: no thread is opened on a document being signed, recalled or passed on now.
    const p = await authorizeParticipant(tx.db, actor, input.nda, 'update');
    authorizeThreadAction(abilityContext(actor, p, await negotiationState(tx.db, p)), 'openThread');
    return openThread(core, tx, { actor, p, input, ip });
  });
}

/**
 * Writes one thread the actor may open (checked by the caller, under the NDA's lock): its row, pointers
 * and proposal, its event and its live message. `redlineImport` ties it to the Word mark-up it came from;
 * `onBehalf` (the sending team bringing in the bidder's wording) never holds the proposal for approval.
 */
export async function openThread(
  core: Core,
  tx: Tx,
  {
    actor,
    p,
    input,
    ip,
    redlineImport = null,
    onBehalf = false,
  }: {
    actor: Actor;
    p: LockedParticipation;
    input: ThreadInput;
    ip: string;
    redlineImport?: number | null;
    onBehalf?: boolean;
  },
): Promise<ThreadDto> {
  if (input.pointers.some((pt) => pt.page > p.nda.pageCount))
    throw AppError.fields('invalid_input', { page: `The document has ${p.nda.pageCount} page(s).` });
  // Database trigger comment_threads_report_count (migration 2026_11_23_0050) updates ndas.thread_count.
  const thread = await tx.db
    .insertInto('commentThreads')
    .values({
      ndaId: p.nda.id,
      authorId: actor.user.id,
      text: input.text,
      quote: input.quote,
      redlineImportId: redlineImport,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx.db
    .insertInto('pointers')
    .values(input.pointers.map((pt) => ({ commentThreadId: thread.id, page: pt.page, x: pt.x, y: pt.y })))
    .execute();
  // Under internal approval, a team member's wording outside the playbook waits as a held reply: the
  // thread opens without it (after the pointers: the clause it falls in decides).
  const held =
    !onBehalf && input.proposal !== null && (await mustHold(tx, { actor, p, thread, proposal: input.proposal }));
  if (input.proposal && !held)
    await tx.db
      .insertInto('threadProposals')
      .values({ commentThreadId: thread.id, authorId: actor.user.id, text: input.proposal })
      .execute();
  await recordEvent(core, tx, {
    projectId: p.project.id,
    projectBranchId: p.branch.id,
    authorId: actor.user.id,
    status: 'new_comments_thread',
    ndaId: p.nda.id,
    subjectId: thread.id,
    ip,
  });
  if (input.proposal && held)
    await holdProposal(core, tx, { actor, p, thread, text: HELD_OPENING_REPLY, proposal: input.proposal, ip });
  const dto = await presentThread(tx.db, thread);
  publishThreadCreated(core, tx, { thread: dto, project: p.project.id });
  return dto;
}
