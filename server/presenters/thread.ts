import type { Kysely } from 'kysely';
import type { CommentDto, PointerDto, ThreadDto } from '@shared/dto.js';
import type { CommentRow, CommentThreadRow, Database, PointerRow } from '../db/schema.js';

export type { CommentDto, PointerDto, ThreadDto };

type Names = Map<number, string>;

/** Display names of the given users, fetched once per presentation. */
export async function authorNames(db: Kysely<Database>, ids: Array<number | null>): Promise<Names> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email', 'isDeleted'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((u) => [u.id, u.isDeleted ? 'Deleted user' : `${u.firstName} ${u.lastName}`.trim() || u.email]),
  );
}

export function presentPointer(p: PointerRow): PointerDto {
  return { id: p.id, page: p.page, x: p.x, y: p.y, commentThread: p.commentThreadId };
}

export function presentComment(c: CommentRow, names: Names): CommentDto {
  return {
    id: c.id,
    text: c.text,
    author: (c.authorId && names.get(c.authorId)) || 'Deleted user',
    authorId: c.authorId,
    created: c.createdAt.toISOString(),
    updated: c.updatedAt.toISOString(),
    commentThread: c.commentThreadId,
  };
}

/** Threads with their pointers and comments, in three queries whatever their number. */
export async function presentThreads(db: Kysely<Database>, threads: CommentThreadRow[]): Promise<ThreadDto[]> {
  if (!threads.length) return [];
  const ids = threads.map((t) => t.id);
  const [pointers, comments] = await Promise.all([
    db.selectFrom('pointers').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
    db.selectFrom('comments').selectAll().where('commentThreadId', 'in', ids).orderBy('id').execute(),
  ]);
  const names = await authorNames(db, [...threads.map((t) => t.authorId), ...comments.map((c) => c.authorId)]);
  return threads.map((t) => ({
    id: t.id,
    nda: t.ndaId,
    text: t.text,
    author: (t.authorId && names.get(t.authorId)) || 'Deleted user',
    authorId: t.authorId,
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
    negotiationStatus: t.negotiationStatus,
    pointers: pointers.filter((p) => p.commentThreadId === t.id).map(presentPointer),
    comments: comments.filter((c) => c.commentThreadId === t.id).map((c) => presentComment(c, names)),
  }));
}

export async function presentThread(db: Kysely<Database>, thread: CommentThreadRow): Promise<ThreadDto> {
  return (await presentThreads(db, [thread]))[0]!;
}
