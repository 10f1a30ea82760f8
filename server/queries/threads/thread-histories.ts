import type { Kysely } from 'kysely';
import type { ProposalDto } from '@shared/dto.js';
import type { Database } from '@server/db/schema.js';
import { authorNames, presentProposal } from '@server/presenters/thread.js';

/** One approval or rejection, as the signed record tells it. */
export interface MoveRecord {
  side: string;
  move: string;
  author: string;
  authorId: number | null;
  toStatus: string;
  at: string;
}

/** A thread's negotiation as the signed record needs it, with UTC times (ISO 8601). */
export interface ThreadHistory {
  id: number;
  text: string;
  author: string;
  authorId: number | null;
  created: string;
  negotiationStatus: string;
  /** The pages its pointers are on, ascending. */
  pages: number[];
  quote: string | null;
  /** The wording that stands: the latest proposal, or null. */
  proposal: string | null;
  proposals: ProposalDto[];
  /** Every move, oldest first. */
  moves: MoveRecord[];
  /** The moves made on the standing wording (after its proposal): for an agreed thread, who approved it and when. */
  currentMoves: MoveRecord[];
}

/**
 * Every thread of an NDA, oldest first, with its quote, the standing proposal, the proposals history and
 * the moves (approvals, rejections) with their times: for the signed PDF's schedule and certificate.
 * No authorization: the caller has decided who may see it. Five queries whatever the number of threads.
 */
export async function threadHistories(db: Kysely<Database>, ndaId: number): Promise<ThreadHistory[]> {
  const threads = await db.selectFrom('commentThreads').selectAll().where('ndaId', '=', ndaId).orderBy('id').execute();
  if (!threads.length) return [];
  const ids = threads.map((t) => t.id);
  const [pointers, proposals, moves] = await Promise.all([
    db.selectFrom('pointers').select(['commentThreadId', 'page']).where('commentThreadId', 'in', ids).execute(),
    db.selectFrom('threadProposals').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('negotiations').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
  ]);
  const names = await authorNames(db, [
    ...threads.map((t) => t.authorId),
    ...proposals.map((p) => p.authorId),
    ...moves.map((m) => m.authorId),
  ]);
  const name = (id: number | null) => (id && names.get(id)) || 'Deleted user';
  return threads.map((t) => {
    const own = proposals.filter((p) => p.commentThreadId === t.id);
    const since = own.at(-1)?.createdAt ?? null;
    const ownMoves = moves.filter((m) => m.commentThreadId === t.id);
    const record = (m: (typeof moves)[number]): MoveRecord => ({
      side: m.side,
      move: m.move,
      author: name(m.authorId),
      authorId: m.authorId,
      toStatus: m.toStatus,
      at: m.createdAt.toISOString(),
    });
    return {
      id: t.id,
      text: t.text,
      author: name(t.authorId),
      authorId: t.authorId,
      created: t.createdAt.toISOString(),
      negotiationStatus: t.negotiationStatus,
      pages: [...new Set(pointers.filter((p) => p.commentThreadId === t.id).map((p) => p.page))].sort((a, b) => a - b),
      quote: t.quote,
      proposal: own.at(-1)?.text ?? null,
      proposals: own.map((p) => presentProposal(p, names)),
      moves: ownMoves.map(record),
      currentMoves: ownMoves.filter((m) => !since || m.createdAt > since).map(record),
    };
  });
}
