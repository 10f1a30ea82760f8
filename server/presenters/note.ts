import type { NoteDto } from '@shared/dto.js';
import type { Selectable } from 'kysely';
import type { ThreadNotesTable } from '../db/schema.js';

export type { NoteDto };

/** An internal note, for the sending team (nothing a recipient receives is built from it). */
export function presentNote(note: Selectable<ThreadNotesTable>, nda: number, names: Map<number, string>): NoteDto {
  return {
    id: note.id,
    commentThread: note.commentThreadId,
    nda,
    text: note.text,
    author: (note.authorId && names.get(note.authorId)) || 'Deleted user',
    authorId: note.authorId,
    created: note.createdAt.toISOString(),
  };
}
