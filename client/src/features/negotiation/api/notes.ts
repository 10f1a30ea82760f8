import type { NoteDto } from '@shared/dto';
import { trpc } from '@client/lib/trpc';

type Notes = NoteDto[] | undefined;

/** Adds a note to the NDA's notes once (this browser's own answer and its live echo are the same note). */
export function upsertNote(list: Notes, note: NoteDto): Notes {
  if (!list || list.some((n) => n.id === note.id)) return list;
  return [...list, note].sort((a, b) => a.id - b.id);
}

/** The internal notes of every thread of an NDA: asked for on the sending team's page only. */
export function useNdaNotes(ndaId: number, enabled: boolean) {
  return trpc.notes.ofNda.useQuery({ nda: ndaId }, { enabled: enabled && ndaId > 0 });
}

/** Writes an internal note and shows it at once. */
export function useCreateNote(ndaId: number) {
  const utils = trpc.useUtils();
  return trpc.notes.create.useMutation({
    onSuccess: (note) => utils.notes.ofNda.setData({ nda: ndaId }, (list) => upsertNote(list, note)),
  });
}
