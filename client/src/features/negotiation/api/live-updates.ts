import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DEADLINE_EVENTS, type EventType } from '@shared/events';
import { type NegotiationStatus, statusAfterProposal } from '@shared/negotiation';
import { applyPresence } from '@shared/realtime/presence';
import { changeOrReadAfresh, readAfresh } from '@client/lib/read-afresh';
import { trpc } from '@client/lib/trpc';
import { listen, type MessageHandlers, useRealtime, useRoom } from '@client/features/realtime';
import type { Thread, ThreadComment, ThreadPointer, ThreadProposal, Viewer } from '../types';
import { applyTrackerChange } from '@client/features/tracker';
import { negotiationAnnouncements } from './live-announcements';
import { removeHeld, upsertHeld } from './held-proposals';
import { upsertNote } from './notes';
import { negotiationKeys } from './query-keys';
import { awaitsOwnSignature } from './signing';

/**
 * The one place where the negotiation's socket messages become react-query cache updates
 * (docs/ARCHITECTURE.md, Conventions, "Socket messages and the cache"). The reducers below are pure and
 * also apply the answers of this browser's own calls, so the screen changes at once and the echo from
 * the socket changes nothing.
 */

type Threads = Thread[] | undefined;

export function upsertThread(list: Threads, thread: Thread): Threads {
  if (!list) return list;
  const at = list.findIndex((t) => t.id === thread.id);
  if (at === -1) return [...list, thread].sort((a, b) => a.id - b.id);
  const next = [...list];
  next[at] = thread;
  return next;
}

export function removeThread(list: Threads, id: number): Threads {
  return list?.filter((t) => t.id !== id);
}

function changeThread(list: Threads, id: number, change: (t: Thread) => Thread): Threads {
  if (!list || !list.some((t) => t.id === id)) return list;
  return list.map((t) => (t.id === id ? change(t) : t));
}

export function upsertComment(list: Threads, comment: ThreadComment): Threads {
  return changeThread(list, comment.commentThread, (t) => {
    const at = t.comments.findIndex((c) => c.id === comment.id);
    const comments =
      at === -1
        ? [...t.comments, comment].sort((a, b) => a.id - b.id)
        : t.comments.map((c) => (c.id === comment.id ? comment : c));
    return { ...t, comments };
  });
}

export function removeComment(list: Threads, threadId: number, id: number): Threads {
  return changeThread(list, threadId, (t) => ({ ...t, comments: t.comments.filter((c) => c.id !== id) }));
}

export function upsertPointer(list: Threads, pointer: ThreadPointer): Threads {
  return changeThread(list, pointer.commentThread, (t) =>
    t.pointers.some((p) => p.id === pointer.id)
      ? t
      : { ...t, pointers: [...t.pointers, pointer].sort((a, b) => a.id - b.id) },
  );
}

export function removePointer(list: Threads, threadId: number, id: number): Threads {
  return changeThread(list, threadId, (t) => ({ ...t, pointers: t.pointers.filter((p) => p.id !== id) }));
}

export function setNegotiationStatus(list: Threads, threadId: number, status: NegotiationStatus): Threads {
  return changeThread(list, threadId, (t) =>
    t.negotiationStatus === status ? t : { ...t, negotiationStatus: status },
  );
}

/**
 * New wording on a thread: it becomes the current proposal, the earlier ones stay in its history, and
 * the status is the one the server reports (or, for this browser's own reply, the state machine's).
 * A proposal heard twice (the answer, then its echo) is kept once.
 */
export function addProposal(
  list: Threads,
  threadId: number,
  proposal: ThreadProposal,
  status?: NegotiationStatus,
): Threads {
  return changeThread(list, threadId, (t) => {
    const known = t.proposals.some(
      (p) => p.created === proposal.created && p.authorId === proposal.authorId && p.text === proposal.text,
    );
    const proposals = known ? t.proposals : [...t.proposals, proposal];
    const negotiationStatus =
      status ?? (known ? t.negotiationStatus : statusAfterProposal(t.negotiationStatus as NegotiationStatus));
    return { ...t, proposals, proposal: proposals.at(-1)?.text ?? null, negotiationStatus };
  });
}

/** The proposal a reply carries, as the thread lists it (a reply and its proposal share their time). */
export function proposalOfReply(comment: ThreadComment): ThreadProposal | null {
  if (!comment.proposal) return null;
  return { text: comment.proposal, author: comment.author, authorId: comment.authorId, created: comment.created };
}

/** Strips the `nda` the server adds to comment and pointer messages. */
function withoutNda<T extends { nda?: number }>(payload: T): Omit<T, 'nda'> {
  const { nda: _nda, ...rest } = payload;
  return rest;
}

interface Scope {
  ndaId: number;
  branchId: number;
  projectId: number;
}

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The cache updates for one NDA, by message name (typed by the shared contract). Each handler ignores
 * messages about other NDAs. Thread messages touch the thread list only: a move never refetches the
 * page's project or group. A signature, a pass or a deletion changes the group (and, for a signer,
 * what the project shows), so those are read again.
 */
export function negotiationHandlers(utils: Utils, queryClient: QueryClient, scope: Scope): MessageHandlers {
  const input = { nda: scope.ndaId };
  const threads = (update: (list: Threads) => Threads) => changeOrReadAfresh(utils.threads.list, input, update);
  // A change to a thread the list does not hold means the list missed its creation: the list is read
  // again rather than the change dropped.
  const inThread = (threadId: number, update: (list: Threads) => Threads) => {
    const list = utils.threads.list.getData(input);
    if (list && !list.some((t) => t.id === threadId)) {
      void utils.threads.list.invalidate(input, undefined, { cancelRefetch: false });
      return;
    }
    threads(update);
  };
  const mine = (payload: { nda: number }) => payload.nda === scope.ndaId;
  // A read already on its way is not started again (another handler may ask for the same one).
  const refreshGroup = () => {
    void utils.groups.get.invalidate({ id: scope.branchId }, undefined, { cancelRefetch: false });
    void utils.projects.get.invalidate({ id: scope.projectId }, undefined, { cancelRefetch: false });
  };

  return {
    'thread.created': (t) => mine(t) && threads((list) => upsertThread(list, t)),
    'thread.updated': (t) => mine(t) && threads((list) => upsertThread(list, t)),
    'thread.deleted': (m) => mine(m) && threads((list) => removeThread(list, m.id)),
    'comment.created': (c) => mine(c) && inThread(c.commentThread, (list) => upsertComment(list, withoutNda(c))),
    'comment.updated': (c) => mine(c) && inThread(c.commentThread, (list) => upsertComment(list, withoutNda(c))),
    'comment.deleted': (m) => mine(m) && threads((list) => removeComment(list, m.commentThread, m.id)),
    'pointer.created': (p) => mine(p) && inThread(p.commentThread, (list) => upsertPointer(list, withoutNda(p))),
    'pointer.deleted': (m) => mine(m) && threads((list) => removePointer(list, m.commentThread, m.id)),
    'negotiation.changed': (m) =>
      mine(m) && inThread(m.thread, (list) => setNegotiationStatus(list, m.thread, m.negotiationStatus)),
    'proposal.created': (m) =>
      mine(m) &&
      inThread(m.commentThread, (list) => addProposal(list, m.commentThread, m.proposal, m.negotiationStatus)),
    'nda.signed': (m) => {
      if (!mine(m)) return;
      // The file's address changes to the signed PDF: read it again, unless the signer's own answer
      // brings (or already brought) the signed NDA.
      const answered =
        utils.ndas.get.getData({ id: scope.ndaId })?.isSigned === true || awaitsOwnSignature(queryClient);
      utils.ndas.get.setData({ id: scope.ndaId }, (nda) => (nda ? { ...nda, isSigned: true } : nda));
      if (!answered) void utils.ndas.get.invalidate({ id: scope.ndaId }, undefined, { cancelRefetch: false });
      refreshGroup();
      // The project tracker shows the group Completed: its cached pages are stale now (its own live
      // updates cover an open tracker; this covers a cached one the user goes back to).
      applyTrackerChange(queryClient, scope.projectId, scope.branchId);
    },
    'nda.rejected': (m) => mine(m) && refreshGroup(),
    'nda.updated': (nda) => mine({ nda: nda.id }) && utils.ndas.get.setData({ id: nda.id }, nda),
    'nda.deleted': (m) => {
      if (m.id !== scope.ndaId) return;
      void utils.ndas.get.invalidate({ id: scope.ndaId });
      refreshGroup();
    },
    'presence.changed': (m) =>
      mine(m) &&
      queryClient.setQueryData<Viewer[]>(negotiationKeys.presence(scope.ndaId), (list) => applyPresence(list, m)),
    // To the sending team only (the project's room): a recipient's page never hears of a note.
    'note.created': (note) =>
      mine(note) && changeOrReadAfresh(utils.notes.ofNda, input, (list) => upsertNote(list, note)),
    // Held proposals: the sending team's only (the project's room), like notes.
    'proposal.held': (held) =>
      mine(held) && changeOrReadAfresh(utils.proposals.held, input, (list) => upsertHeld(list, held)),
    'proposal.unheld': (m) =>
      mine(m) && changeOrReadAfresh(utils.proposals.held, input, (list) => removeHeld(list, m.id)),
    // An expired NDA extended (or one expiring): the signing panel follows the group's new state.
    'event.created': (e) =>
      e.projectBranch === scope.branchId && DEADLINE_EVENTS.has(e.status as EventType) && refreshGroup(),
    'signatureFields.changed': (m) =>
      mine(m) && utils.ndas.signatureFields.setData({ id: scope.ndaId }, { fields: m.fields }),
  };
}

/**
 * Keeps this browser in the NDA's room while the page is open (useRoom: joined again after every
 * reconnect), then refetches the threads so nothing sent while it was away is missed, and tells the
 * others which page is open. The sending team's page keeps the project's room as well, which carries
 * its notes and held proposals, and reads those again each time it joins. Messages go to the cache
 * through negotiationHandlers and, with `spoken`, what the others do is said in the page's live region.
 */
export function useNegotiationLiveUpdates(
  scope: (Scope & { sender: boolean }) | null,
  page: number,
  spoken?: { meId: number; announce: (message: string) => void },
): void {
  const { socket } = useRealtime();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
  }, [page]);
  const ndaId = scope?.ndaId ?? null;
  const branchId = scope?.branchId ?? null;
  const projectId = scope?.projectId ?? null;

  const meId = spoken?.meId ?? null;
  const announce = spoken?.announce ?? null;

  useEffect(() => {
    if (!socket || ndaId === null || branchId === null || projectId === null) return;
    // The announcements first: they read the thread list as it was before the message.
    const silence =
      meId === null || announce === null
        ? () => undefined
        : listen(
            socket,
            negotiationAnnouncements({
              ndaId,
              meId,
              announce,
              threads: () => utils.threads.list.getData({ nda: ndaId }),
            }),
          );
    const stop = listen(socket, negotiationHandlers(utils, queryClient, { ndaId, branchId, projectId }));
    return () => {
      silence();
      stop();
      queryClient.setQueryData(negotiationKeys.presence(ndaId), []);
    };
  }, [socket, ndaId, branchId, projectId, utils, queryClient, meId, announce]);

  const joinedOnce = useRef<number | null>(null);
  useRoom(ndaId === null ? null : { ndaId }, () => {
    if (!socket || ndaId === null) return;
    socket.emit('presence.update', { ndaId, page: pageRef.current });
    // Catch-up: what changed before this connection joined the room (including while the first
    // list was being read) is read again once the room delivers everything new.
    void readAfresh(utils.threads.list, { nda: ndaId });
    void readAfresh(utils.ndas.signatureFields, { id: ndaId });
    if (joinedOnce.current === ndaId) {
      void utils.ndas.get.invalidate({ id: ndaId });
      if (branchId !== null) void utils.groups.get.invalidate({ id: branchId });
    }
    joinedOnce.current = ndaId;
  });

  // The app frame keeps every project's room too, but joined on its own time: this catch-up follows a
  // join this page asked for, so nothing written before the room delivers is missed.
  useRoom(scope?.sender && projectId !== null ? { projectId } : null, () => {
    if (ndaId === null) return;
    void readAfresh(utils.notes.ofNda, { nda: ndaId });
    void readAfresh(utils.proposals.held, { nda: ndaId });
  });

  // The page this browser shows, for the avatars of the others.
  useEffect(() => {
    if (socket?.connected && ndaId !== null) socket.emit('presence.update', { ndaId, page });
  }, [socket, ndaId, page]);
}
