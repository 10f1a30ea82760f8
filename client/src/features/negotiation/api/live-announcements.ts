import { statusLabel } from '@shared/negotiation';
import type { MessageHandlers } from '@client/features/realtime';
import type { Thread } from '../types';

/** Long texts are cut for reading aloud; the thread itself holds all of it. */
const SPOKEN_TEXT = 120;

function spoken(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SPOKEN_TEXT ? `${flat.slice(0, SPOKEN_TEXT)}…` : flat;
}

/** A thread's number as the list and the pins show it: threads numbered in the order they were opened. */
function numberOf(threads: Thread[] | undefined, threadId: number): number {
  return (threads ?? []).filter((t) => t.id < threadId).length + 1;
}

interface AnnouncementScope {
  ndaId: number;
  /** The user of this browser: their own moves come back from the socket and are not announced. */
  meId: number;
  /** The thread list as the page has it when the message arrives. */
  threads: () => Thread[] | undefined;
  announce: (message: string) => void;
}

/**
 * What the other side does on this NDA, in words for the page's live region: a new comment, a reply,
 * a move on a thread, a deleted thread, a signature or a pass. Listened to before the cache handlers,
 * so a deleted thread still has its number.
 */
export function negotiationAnnouncements({ ndaId, meId, threads, announce }: AnnouncementScope): MessageHandlers {
  const mine = (payload: { nda: number }) => payload.nda === ndaId;
  return {
    'thread.created': (t) => {
      if (!mine(t) || t.authorId === meId) return;
      const page = t.pointers[0]?.page;
      announce(
        `${t.author} added comment ${numberOf(threads(), t.id)}${page ? ` on page ${page}` : ''}: ${spoken(t.text)}`,
      );
    },
    'comment.created': (c) => {
      if (!mine(c) || c.authorId === meId) return;
      announce(`${c.author} replied to comment ${numberOf(threads(), c.commentThread)}: ${spoken(c.text)}`);
    },
    'negotiation.changed': (m) => {
      if (!mine(m) || m.by === meId) return;
      announce(`Comment ${numberOf(threads(), m.thread)}: ${statusLabel(m.negotiationStatus)}.`);
    },
    'thread.deleted': (m) => {
      const list = threads();
      if (!mine(m) || !list?.some((t) => t.id === m.id)) return;
      announce(`Comment ${numberOf(list, m.id)} was deleted.`);
    },
    'nda.signed': (m) => {
      if (mine(m) && m.signedBy !== meId) announce('The NDA is signed. The signed copy can be downloaded.');
    },
    'nda.rejected': (m) => {
      if (mine(m)) announce('The recipient passed on this opportunity.');
    },
  };
}
