import type { CommentDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/** Replies go to the NDA's room, with the NDA's id so a page ignores other NDAs' replies. */
export function publishCommentCreated(core: Realtime, tx: Tx, { nda, comment }: { nda: number; comment: CommentDto }) {
  emitAfterCommit(core, tx, rooms.nda(nda), 'comment.created', { ...comment, nda });
}

export function publishCommentUpdated(core: Realtime, tx: Tx, { nda, comment }: { nda: number; comment: CommentDto }) {
  emitAfterCommit(core, tx, rooms.nda(nda), 'comment.updated', { ...comment, nda });
}

export function publishCommentDeleted(
  core: Realtime,
  tx: Tx,
  { nda, thread, comment }: { nda: number; thread: number; comment: number },
): void {
  emitAfterCommit(core, tx, rooms.nda(nda), 'comment.deleted', { id: comment, commentThread: thread, nda });
}
