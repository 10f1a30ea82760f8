import { attachClause } from '@shared/clause-attach.js';
import { BULK_MESSAGES, type NegotiationBulkInput } from '@shared/schemas/negotiation-bulk.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import { ndaClauses } from '@server/presenters/thread.js';
import { readPlaybook } from '@server/queries/playbooks/get-playbook.js';
import { createComment } from '../comments/create-comment.js';
import { negotiateThread } from './negotiate-thread.js';

/** The reply a counter-proposal carries when none is given: plain words, no internal label. */
export const BULK_DEFAULT_REPLY = 'We propose the following wording.';

export interface BulkResult {
  thread: number;
  ok: boolean;
  /** The thread's negotiation status after the move, when it was made. */
  status?: string;
  /** Why the move was not made on this thread: its reason code and message. */
  error?: { code: string; message: string };
  /** "pending": the counter-proposal is held for internal approval (the bidder sees nothing yet). */
  approval?: 'pending';
}

/**
 * POST /projects/projects/{id}/negotiation_bulk/: one move sent to many threads of the project's groups
 * at once, by its sending team. Each thread gets its own reply or proposal, move, event and live
 * message, each in a transaction of its own, exactly as if answered one by one: a thread that changed
 * meanwhile (settled, withdrawn, moved on) or is not the project's is reported back with its reason and
 * the others proceed. A counter-proposal takes the given wording, or the playbook's wording at
 * `playbookPosition` (0 the preferred, n fallback n) for each thread's clause.
 */
export async function negotiateBulk(
  core: Core,
  { actor, projectId, input, ip }: { actor: Actor; projectId: number; input: NegotiationBulkInput; ip: string },
): Promise<{ results: BulkResult[] }> {
  const { project } = await authorizeSenderSide(core.db, actor, projectId);
  const threads = await core.db
    .selectFrom('commentThreads')
    .innerJoin('ndas', 'ndas.id', 'commentThreads.ndaId')
    .select(['commentThreads.id', 'commentThreads.ndaId', 'commentThreads.quote'])
    .where('commentThreads.id', 'in', input.threads)
    .where('ndas.projectId', '=', project.id)
    .execute();
  const known = new Map(threads.map((t) => [t.id, t]));
  const wordingOf = await playbookWordings(core, project.id, input, threads);

  const results: BulkResult[] = [];
  for (const id of input.threads) {
    try {
      if (!known.has(id)) throw AppError.notFound();
      results.push({ thread: id, ok: true, ...(await moveOne(core, { actor, ip, input, id, wordingOf })) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ thread: id, ok: false, error: { code: err.reason, message: err.message } });
    }
  }
  return { results };
}

async function moveOne(
  core: Core,
  {
    actor,
    ip,
    input,
    id,
    wordingOf,
  }: { actor: Actor; ip: string; input: NegotiationBulkInput; id: number; wordingOf: (id: number) => string | null },
): Promise<Pick<BulkResult, 'status' | 'approval'>> {
  if (input.move === 'reject') {
    const row = await negotiateThread(core, { actor, threadId: id, move: 'reject', reason: input.reply || null, ip });
    return { status: row.negotiationStatus };
  }
  if (input.move === 'approve') {
    const row = await negotiateThread(core, { actor, threadId: id, move: 'approve', ip });
    if (input.reply) await createComment(core, { actor, input: { commentThread: id, text: input.reply }, ip });
    return { status: row.negotiationStatus };
  }
  const proposal = input.proposal ?? wordingOf(id);
  if (!proposal) throw AppError.nonField('playbook_wording_missing', BULK_MESSAGES.noPlaybookWording);
  const made = await createComment(core, {
    actor,
    input: { commentThread: id, text: input.reply || BULK_DEFAULT_REPLY, proposal },
    ip,
  });
  const after = await core.db
    .selectFrom('commentThreads')
    .select('negotiationStatus')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return 'approval' in made
    ? { status: after.negotiationStatus, approval: 'pending' }
    : { status: after.negotiationStatus };
}

/** For a counter-proposal from the playbook: each thread's wording, by its clause. */
async function playbookWordings(
  core: Core,
  projectId: number,
  input: NegotiationBulkInput,
  threads: Array<{ id: number; ndaId: number; quote: string | null }>,
): Promise<(id: number) => string | null> {
  const position = input.playbookPosition;
  if (input.move !== 'propose' || position === undefined || !threads.length) return () => null;
  const [playbook, clauses, pointers] = await Promise.all([
    readPlaybook(core, { projectId }),
    ndaClauses(core.db, [...new Set(threads.map((t) => t.ndaId))]),
    core.db
      .selectFrom('pointers')
      .select(['commentThreadId', 'page', 'x', 'y'])
      .where(
        'commentThreadId',
        'in',
        threads.map((t) => t.id),
      )
      .orderBy('id')
      .execute(),
  ]);
  const wordings = new Map<number, string | null>();
  for (const t of threads) {
    const clause = attachClause(clauses.get(t.ndaId) ?? [], {
      quote: t.quote,
      pointers: pointers.filter((p) => p.commentThreadId === t.id),
    });
    const entry = clause && playbook.clauses.find((c) => c.key === clause.key);
    const wording = entry ? (position === 0 ? entry.preferred : entry.fallbacks[position - 1]) : undefined;
    wordings.set(t.id, wording || null);
  }
  return (id) => wordings.get(id) ?? null;
}
