import type { Kysely } from 'kysely';
import { attachClause } from '@shared/clause-attach.js';
import { openThreads } from '@shared/negotiation.js';
import { redlineFilename } from '@shared/signed-files.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import { authorNames } from '@server/presenters/thread.js';
import { type ThreadHistory, threadHistories } from '@server/queries/threads/thread-histories.js';
import { clauseParagraphs } from '@server/services/docx/clause-paragraphs.js';
import { type RedlineAmendment, type RedlineThread, writeDocx } from '@server/services/docx/write-docx.js';
import { DOCX_TYPE } from '@server/services/docx/docx-type.js';
import { documentClauses } from './document-clauses.js';

/** The company of each user (by id), for the authors of tracked changes. */
async function companyNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.companyId')
    .select(['users.id', 'companies.name'])
    .where('users.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The approval that completed the agreement on the standing wording: the later side's last approval. */
function agreeingMove(thread: ThreadHistory) {
  return thread.currentMoves.filter((m) => m.move === 'approve').at(-1) ?? null;
}

/**
 * An NDA as a Word redline (GET /projects/nda/{id}/redline.docx): its text, from its clauses, with every
 * agreed amendment as a tracked change (author: the company of the party whose approval completed the
 * agreement; date: that approval) and every open thread as a comment with its replies and its standing
 * proposal as a tracked insertion. For whoever may read the NDA's file (its managers, a signer of its
 * group once sent); 404 for anyone else. Threads, replies and proposals are what both sides already see:
 * nothing internal to the sending team (playbook, notes) is read.
 */
export async function ndaRedline(core: Core, { actor, ndaId }: { actor: Actor; ndaId: number }) {
  const { nda, project } = await authorizeNda(core.db, actor, ndaId, 'read_file');
  const clauses = await documentClauses(core, { fileSha256: nda.fileSha256, fileKey: nda.fileKey });
  const histories = await threadHistories(core.db, nda.id);
  // Each thread's clause, as its card shows it: where its quote is looked for first.
  const pointers = histories.length
    ? await core.db
        .selectFrom('pointers')
        .select(['commentThreadId', 'page', 'x', 'y'])
        .where(
          'commentThreadId',
          'in',
          histories.map((t) => t.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const paragraphOf = (t: ThreadHistory) => {
    const ref = attachClause(clauses, { quote: t.quote, pointers: pointers.filter((p) => p.commentThreadId === t.id) });
    const index = ref ? clauses.findIndex((c) => c.key === ref.key) : -1;
    return index < 0 ? undefined : index;
  };
  const open = openThreads(histories);
  const replies = open.length
    ? await core.db
        .selectFrom('comments')
        .selectAll()
        .where(
          'commentThreadId',
          'in',
          open.map((t) => t.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const names = await authorNames(
    core.db,
    replies.map((r) => r.authorId),
  );
  const agreed = histories.filter((t) => t.negotiationStatus === 'approved_by_both_parties');
  const moves = new Map(agreed.map((t) => [t.id, agreeingMove(t)]));
  const companies = await companyNames(
    core.db,
    [...moves.values()].flatMap((m) => (m?.authorId ? [m.authorId] : [])),
  );
  const senderCompany =
    (await core.db.selectFrom('companies').select('name').where('id', '=', project.companyId).executeTakeFirst())
      ?.name ?? project.name;

  const amendments: RedlineAmendment[] = agreed.map((t) => {
    const move = moves.get(t.id);
    const company =
      move?.side === 'sender'
        ? senderCompany
        : ((move?.authorId ? companies.get(move.authorId) : null) ?? move?.author);
    return {
      quote: t.proposal === null ? null : t.quote,
      paragraph: paragraphOf(t),
      wording: t.proposal ?? t.text,
      author: company ?? t.author,
      at: move?.at ?? t.created,
    };
  });
  const threads: RedlineThread[] = open.map((t) => {
    const standing = t.proposals.at(-1);
    return {
      quote: t.quote,
      paragraph: paragraphOf(t),
      text: t.text,
      author: t.author,
      at: t.created,
      replies: replies
        .filter((r) => r.commentThreadId === t.id)
        .map((r) => ({
          text: r.text,
          author: (r.authorId && names.get(r.authorId)) || 'Deleted user',
          at: r.createdAt.toISOString(),
        })),
      proposal: standing ? { text: standing.text, author: standing.author, at: standing.created } : null,
    };
  });
  const body = await writeDocx({ paragraphs: clauseParagraphs(clauses), amendments, threads });
  return { blob: { body, contentType: DOCX_TYPE }, filename: redlineFilename(nda.name) };
}
