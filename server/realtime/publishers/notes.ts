import type { NoteDto } from '@shared/dto.js';
import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/**
 * An internal note goes to the project's room only: its senders (owner and managers). Never the NDA's
 * room, which holds the group's recipients too.
 */
export function publishNoteCreated(core: Realtime, tx: Tx, { project, note }: { project: number; note: NoteDto }) {
  emitAfterCommit(core, tx, rooms.project(project), 'note.created', note);
}
