import type { Kysely } from 'kysely';
import { attachClause } from '@shared/clause-attach.js';
import type { DocumentClause } from '@shared/clause-split.js';
import type { CommentDto, PointerDto, ProposalDto, ThreadDto, ThreadImport } from '@shared/dto.js';
import type { CommentRow, CommentThreadRow, Database, PointerRow, ThreadProposalRow, UserRow } from '../db/schema.js';

export type { CommentDto, PointerDto, ProposalDto, ThreadDto };

type Names = Map<number, string>;

/** How a person is named beside what they wrote: their name, else their e-mail; 'Deleted user' once deleted. */
export function displayName(u: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'isDeleted'>): string {
  return u.isDeleted ? 'Deleted user' : `${u.firstName} ${u.lastName}`.trim() || u.email;
}

/** Display names of the given users, fetched once per presentation. */
export async function authorNames(db: Kysely<Database>, ids: Array<number | null>): Promise<Names> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email', 'isDeleted'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, displayName(u)]));
}

export function presentPointer(p: PointerRow): PointerDto {
  return { id: p.id, page: p.page, x: p.x, y: p.y, commentThread: p.commentThreadId };
}

export function presentProposal(p: ThreadProposalRow, names: Names): ProposalDto {
  return {
    text: p.text,
    author: (p.authorId && names.get(p.authorId)) || 'Deleted user',
    authorId: p.authorId,
    created: p.createdAt.toISOString(),
  };
}

/** A reply with the counter-proposal it carries (null when none). */
export function presentComment(c: CommentRow, names: Names, proposal: string | null = null): CommentDto {
  return {
    id: c.id,
    text: c.text,
    author: (c.authorId && names.get(c.authorId)) || 'Deleted user',
    authorId: c.authorId,
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
    commentThread: c.commentThreadId,
    proposal,
  };
}

/** The proposal text carried by each of the given comments. */
export async function proposalsOfComments(db: Kysely<Database>, commentIds: number[]): Promise<Map<number, string>> {
  if (!commentIds.length) return new Map();
  const rows = await db
    .selectFrom('threadProposals')
    .select(['commentId', 'text'])
    .where('commentId', 'in', commentIds)
    .execute();
  return new Map(rows.map((r) => [r.commentId!, r.text]));
}

/** The stored clauses of each of the given NDAs (document_clauses, by the NDA's file). */
export async function ndaClauses(db: Kysely<Database>, ndaIds: number[]): Promise<Map<number, DocumentClause[]>> {
  if (!ndaIds.length) return new Map();
  const rows = await db
    .selectFrom('ndas')
    .innerJoin('documentClauses', 'documentClauses.fileSha256', 'ndas.fileSha256')
    .select(['ndas.id', 'documentClauses.clauses'])
    .where('ndas.id', 'in', ndaIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.clauses as DocumentClause[]]));
}

/** Threads with their pointers, proposals, comments and clause, in five queries whatever their number. */
export async function presentThreads(db: Kysely<Database>, threads: CommentThreadRow[]): Promise<ThreadDto[]> {
  if (!threads.length) return [];
  const ids = threads.map((t) => t.id);
  const importIds = [...new Set(threads.flatMap((t) => (t.redlineImportId === null ? [] : [t.redlineImportId])))];
  const [pointers, comments, proposals, clauses, imports] = await Promise.all([
    db.selectFrom('pointers').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('comments').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('threadProposals').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
    ndaClauses(db, [...new Set(threads.map((t) => t.ndaId))]),
    importIds.length
      ? db.selectFrom('redlineImports').selectAll().where('id', 'in', importIds).execute()
      : Promise.resolve([]),
  ]);
  const names = await authorNames(db, [
    ...threads.map((t) => t.authorId),
    ...comments.map((c) => c.authorId),
    ...proposals.map((p) => p.authorId),
    ...imports.map((i) => i.importedById),
  ]);
  const importOf = new Map(imports.map((i) => [i.id, i]));
  const imported = (id: number | null): ThreadImport | null => {
    const i = id === null ? undefined : importOf.get(id);
    if (!i) return null;
    return { by: (i.importedById && names.get(i.importedById)) || 'Deleted user', onBehalfOf: i.onBehalfOf };
  };
  const carried = new Map(proposals.filter((p) => p.commentId !== null).map((p) => [p.commentId!, p.text]));
  return threads.map((t) => {
    const own = proposals.filter((p) => p.commentThreadId === t.id).map((p) => presentProposal(p, names));
    const ownPointers = pointers.filter((p) => p.commentThreadId === t.id);
    return {
      id: t.id,
      nda: t.ndaId,
      text: t.text,
      author: (t.authorId && names.get(t.authorId)) || 'Deleted user',
      authorId: t.authorId,
      created: t.createdAt.toISOString(),
      updated: t.updatedAt.toISOString(),
      negotiationStatus: t.negotiationStatus,
      quote: t.quote,
      proposal: own.at(-1)?.text ?? null,
      proposals: own,
      pointers: ownPointers.map(presentPointer),
      comments: comments
        .filter((c) => c.commentThreadId === t.id)
        .map((c) => presentComment(c, names, carried.get(c.id) ?? null)),
      clause: attachClause(clauses.get(t.ndaId) ?? [], { quote: t.quote, pointers: ownPointers }),
      imported: imported(t.redlineImportId),
    };
  });
}

export async function presentThread(db: Kysely<Database>, thread: CommentThreadRow): Promise<ThreadDto> {
  return (await presentThreads(db, [thread]))[0]!;
}
