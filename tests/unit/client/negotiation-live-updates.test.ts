import { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { describe, expect, it } from 'vitest';
import {
  negotiationHandlers,
  removeComment,
  removeThread,
  setNegotiationStatus,
  upsertComment,
  upsertPointer,
  upsertThread,
  addProposal,
  proposalOfReply,
} from '@client/features/negotiation/api/live-updates';
import { negotiationKeys } from '@client/features/negotiation/api/query-keys';
import type { Thread } from '@client/features/negotiation/types';
import { trpc } from '@client/lib/trpc';

const NDA = 7;

function thread(id: number, extra: Partial<Thread> = {}): Thread {
  return {
    id,
    nda: NDA,
    text: `Thread ${id}`,
    author: 'Alice Acquirer',
    authorId: 11,
    created: '2024-05-01T10:00:00.000Z',
    updated: '2024-05-01T10:00:00.000Z',
    negotiationStatus: 'unresolved',
    quote: null,
    proposal: null,
    proposals: [],
    pointers: [{ id: id * 10, page: 1, x: 0.25, y: 0.5, commentThread: id }],
    comments: [],
    clause: null,
    imported: null,
    ...extra,
  };
}

const comment = (id: number, threadId: number, text = `Reply ${id}`) => ({
  id,
  text,
  author: 'Olivia Owner',
  authorId: 3,
  created: '2024-05-01T11:00:00.000Z',
  updated: '2024-05-01T11:00:00.000Z',
  commentThread: threadId,
  proposal: null,
});

describe('thread cache reducers', () => {
  it('adds a new thread once, in id order, and replaces a known one', () => {
    const list = [thread(2)];
    const added = upsertThread(list, thread(1));
    expect(added?.map((t) => t.id)).toEqual([1, 2]);
    expect(upsertThread(added, thread(1))).toHaveLength(2);
    expect(upsertThread(added, thread(2, { text: 'changed' }))?.find((t) => t.id === 2)?.text).toBe('changed');
  });

  it('leaves a list that is not loaded yet alone (the fetch will bring everything)', () => {
    expect(upsertThread(undefined, thread(1))).toBeUndefined();
    expect(upsertComment(undefined, comment(1, 1))).toBeUndefined();
  });

  it('adds, replaces and removes replies; a reply heard twice is kept once', () => {
    let list = upsertComment([thread(1)], comment(5, 1));
    list = upsertComment(list, comment(5, 1));
    list = upsertComment(list, comment(4, 1));
    expect(list?.[0]?.comments.map((c) => c.id)).toEqual([4, 5]);
    list = upsertComment(list, comment(5, 1, 'edited'));
    expect(list?.[0]?.comments.find((c) => c.id === 5)?.text).toBe('edited');
    list = removeComment(list, 1, 4);
    expect(list?.[0]?.comments.map((c) => c.id)).toEqual([5]);
  });

  it('ignores replies and pointers of threads it does not know, and keeps the same list object', () => {
    const list = [thread(1)];
    expect(upsertComment(list, comment(9, 99))).toBe(list);
    expect(upsertPointer(list, { id: 1, page: 2, x: 0.1, y: 0.1, commentThread: 99 })).toBe(list);
  });

  it('makes a counter-proposal the current wording, keeps the earlier one, and hears it once', () => {
    const first = { text: 'English law.', author: 'Alice Acquirer', authorId: 11, created: '2024-05-01T10:00:00.000Z' };
    const counter = { text: 'New York law.', author: 'Olivia Owner', authorId: 3, created: '2024-05-01T11:00:00.000Z' };
    const start = [
      thread(1, {
        proposal: first.text,
        proposals: [first],
        negotiationStatus: 'approved_by_sender_waiting_recipient',
      }),
    ];
    // This browser's own reply: the status comes from the shared state machine.
    const reply = { ...comment(5, 1), proposal: counter.text, created: counter.created, authorId: 3 };
    const own = addProposal(upsertComment(start, reply), 1, proposalOfReply(reply)!);
    expect(own?.[0]).toMatchObject({ proposal: counter.text, negotiationStatus: 'unresolved' });
    expect(own?.[0]?.proposals.map((p) => p.text)).toEqual([first.text, counter.text]);
    expect(own?.[0]?.comments[0]?.proposal).toBe(counter.text);
    // The echo from the socket changes nothing.
    const echoed = addProposal(own, 1, counter, 'unresolved');
    expect(echoed?.[0]?.proposals).toHaveLength(2);
    expect(proposalOfReply(comment(6, 1))).toBeNull();
  });

  it('changes a status and removes a thread', () => {
    const list = setNegotiationStatus([thread(1), thread(2)], 2, 'approved_by_sender_waiting_recipient');
    expect(list?.map((t) => t.negotiationStatus)).toEqual(['unresolved', 'approved_by_sender_waiting_recipient']);
    expect(removeThread(list, 1)?.map((t) => t.id)).toEqual([2]);
  });
});

/** The slice of tRPC's utils the handlers use, over a plain map. */
function fakeUtils() {
  const threads = new Map<number, Thread[] | undefined>();
  const ndas = new Map<number, unknown>();
  const invalidated: string[] = [];
  const cancelled: string[] = [];
  const utils = {
    threads: {
      list: {
        getData: (input: { nda: number }) => threads.get(input.nda),
        setData: (input: { nda: number }, updater: (old: Thread[] | undefined) => Thread[] | undefined) =>
          threads.set(input.nda, updater(threads.get(input.nda))),
        cancel: async (input: { nda: number }) => void cancelled.push(`threads:${input.nda}`),
        invalidate: async (input: { nda: number }) => void invalidated.push(`threads:${input.nda}`),
      },
    },
    ndas: {
      get: {
        getData: (input: { id: number }) => ndas.get(input.id),
        setData: (input: { id: number }, updater: unknown) =>
          ndas.set(
            input.id,
            typeof updater === 'function' ? (updater as (old: unknown) => unknown)(ndas.get(input.id)) : updater,
          ),
        invalidate: async (input: { id: number }) => void invalidated.push(`nda:${input.id}`),
      },
    },
    groups: { get: { invalidate: async (input: { id: number }) => void invalidated.push(`group:${input.id}`) } },
    projects: { get: { invalidate: async (input: { id: number }) => void invalidated.push(`project:${input.id}`) } },
    notes: { ofNda: teamList('notes') },
    proposals: { held: teamList('held') },
  };
  /** A list of the sending team's (notes, held proposals), by NDA. */
  function teamList(name: string) {
    const lists = new Map<number, Array<{ id: number }> | undefined>();
    return {
      lists,
      getData: (input: { nda: number }) => lists.get(input.nda),
      setData: (input: { nda: number }, updater: (old: Array<{ id: number }> | undefined) => unknown) =>
        lists.set(input.nda, updater(lists.get(input.nda)) as Array<{ id: number }> | undefined),
      cancel: async (input: { nda: number }) => void cancelled.push(`${name}:${input.nda}`),
      invalidate: async (input: { nda: number }) => void invalidated.push(`${name}:${input.nda}`),
    };
  }
  return { utils, threads, ndas, invalidated, cancelled };
}

/** Lets the reads afresh (a cancel, then an invalidation) run to their end. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('negotiationHandlers', () => {
  const scope = { ndaId: NDA, branchId: 4, projectId: 2 };

  function setup() {
    const fake = fakeUtils();
    const queryClient = new QueryClient();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test double of tRPC's utils
    const on = negotiationHandlers(fake.utils as any, queryClient, scope);
    fake.threads.set(NDA, [thread(1)]);
    return { ...fake, queryClient, on: on as Record<string, (payload: unknown) => void> };
  }

  it('maps every negotiation message of this NDA to the threads cache', () => {
    const { on, threads } = setup();
    on['thread.created']!(thread(2));
    on['comment.created']!({ ...comment(3, 2), nda: NDA });
    on['pointer.created']!({ id: 77, page: 3, x: 0.9, y: 0.1, commentThread: 2, nda: NDA });
    on['negotiation.changed']!({
      thread: 2,
      nda: NDA,
      negotiationStatus: 'approved_by_recipient_waiting_sender',
      by: 3,
    });
    let second = threads.get(NDA)?.find((t) => t.id === 2);
    expect(second?.negotiationStatus).toBe('approved_by_recipient_waiting_sender');
    on['proposal.created']!({
      nda: NDA,
      commentThread: 2,
      comment: 3,
      proposal: { text: 'Two years.', author: 'Olivia Owner', authorId: 3, created: '2024-05-01T11:00:00.000Z' },
      negotiationStatus: 'unresolved',
    });
    second = threads.get(NDA)?.find((t) => t.id === 2);
    expect(second).toMatchObject({ proposal: 'Two years.', negotiationStatus: 'unresolved' });
    on['negotiation.changed']!({
      thread: 2,
      nda: NDA,
      negotiationStatus: 'approved_by_recipient_waiting_sender',
      by: 3,
    });
    second = threads.get(NDA)?.find((t) => t.id === 2);
    expect(second?.comments.map((c) => c.id)).toEqual([3]);
    expect(second?.comments[0]).not.toHaveProperty('nda');
    expect(second?.pointers.map((p) => p.id)).toEqual([20, 77]);
    expect(second?.negotiationStatus).toBe('approved_by_recipient_waiting_sender');

    on['comment.deleted']!({ id: 3, commentThread: 2, nda: NDA });
    on['pointer.deleted']!({ id: 77, commentThread: 2, nda: NDA });
    on['thread.deleted']!({ id: 1, nda: NDA });
    expect(threads.get(NDA)?.map((t) => [t.id, t.comments.length, t.pointers.length])).toEqual([[2, 0, 1]]);
  });

  it('reads the threads afresh when a change arrives before their first read has answered', async () => {
    const { on, threads, invalidated, cancelled } = setup();
    threads.delete(NDA);
    on['thread.created']!(thread(2));
    on['negotiation.changed']!({ thread: 2, nda: NDA, negotiationStatus: 'approved_by_both_parties', by: 3 });
    expect(threads.get(NDA)).toBeUndefined();
    // The read on its way may predate the change: it is cancelled, not joined.
    expect(cancelled).toEqual([`threads:${NDA}`, `threads:${NDA}`]);
    await settled();
    expect(invalidated).toEqual([`threads:${NDA}`, `threads:${NDA}`]);
  });

  it('reads the threads again when a change names a thread the list missed', () => {
    const { on, threads, invalidated } = setup();
    on['comment.created']!({ ...comment(3, 9), nda: NDA });
    on['negotiation.changed']!({ thread: 9, nda: NDA, negotiationStatus: 'approved_by_both_parties', by: 3 });
    expect(threads.get(NDA)?.map((t) => t.id)).toEqual([1]);
    expect(invalidated).toEqual([`threads:${NDA}`, `threads:${NDA}`]);
    on['comment.created']!({ ...comment(4, 1), nda: NDA });
    expect(invalidated).toHaveLength(2);
  });

  it("adds the sending team's notes and held proposals once, and reads afresh a list that has not answered yet", async () => {
    const { on, utils, invalidated, cancelled } = setup();
    const held = { id: 5, nda: NDA, commentThread: 1, text: 'New York?', proposal: 'New York' };
    const note = { id: 6, nda: NDA, commentThread: 1, text: 'Hold at Delaware.' };
    // Neither list has answered: a read that began before the message would miss it.
    on['proposal.held']!(held);
    on['note.created']!(note);
    expect(cancelled).toEqual([`held:${NDA}`, `notes:${NDA}`]);
    await settled();
    expect(invalidated).toEqual([`held:${NDA}`, `notes:${NDA}`]);
    expect(utils.proposals.held.lists.get(NDA)).toBeUndefined();

    utils.proposals.held.lists.set(NDA, []);
    utils.notes.ofNda.lists.set(NDA, []);
    on['proposal.held']!(held);
    on['proposal.held']!(held);
    on['note.created']!(note);
    expect(utils.proposals.held.lists.get(NDA)?.map((h) => h.id)).toEqual([5]);
    expect(utils.notes.ofNda.lists.get(NDA)?.map((n) => n.id)).toEqual([6]);
    on['proposal.unheld']!({ id: 5, nda: NDA });
    expect(utils.proposals.held.lists.get(NDA)).toEqual([]);
    expect(invalidated).toHaveLength(2);
  });

  it('ignores the messages of other NDAs', () => {
    const { on, threads } = setup();
    on['thread.created']!({ ...thread(5), nda: NDA + 1 });
    on['thread.deleted']!({ id: 1, nda: NDA + 1 });
    on['negotiation.changed']!({ thread: 1, nda: NDA + 1, negotiationStatus: 'rejected_by_both_parties', by: 3 });
    expect(threads.get(NDA)?.map((t) => [t.id, t.negotiationStatus])).toEqual([[1, 'unresolved']]);
  });

  it('marks the NDA signed and refreshes the group, the project and the tracker', async () => {
    const { on, ndas, invalidated, queryClient } = setup();
    ndas.set(NDA, { id: NDA, isSigned: false, name: 'Mutual NDA' });
    const refreshed: unknown[] = [];
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = ((filters?: { queryKey?: unknown }) => {
      refreshed.push(filters?.queryKey);
      return invalidate(filters as never);
    }) as typeof queryClient.invalidateQueries;
    on['nda.signed']!({ nda: NDA, project: 2, projectBranch: 4, signership: 9, isSigned: true });
    expect(ndas.get(NDA)).toMatchObject({ isSigned: true });
    expect(invalidated).toEqual(expect.arrayContaining([`nda:${NDA}`, 'group:4', 'project:2']));
    await settled();
    // The tracker's cached dashboard of the project (features/tracker owns the key).
    expect(refreshed).toContainEqual(getQueryKey(trpc.groups.dashboard, { project: 2 }, 'query'));
  });

  it("does not read again an NDA the signer's own answer already put in the cache signed", () => {
    const { on, ndas, invalidated } = setup();
    ndas.set(NDA, { id: NDA, isSigned: true, file: '/signed.pdf' });
    on['nda.signed']!({ nda: NDA, project: 2, projectBranch: 4, signership: 9, isSigned: true });
    expect(ndas.get(NDA)).toMatchObject({ isSigned: true, file: '/signed.pdf' });
    expect(invalidated).not.toContain(`nda:${NDA}`);
    expect(invalidated).toEqual(expect.arrayContaining(['group:4', 'project:2']));
  });

  it('ignores a signature of another NDA', () => {
    const { on, ndas, invalidated } = setup();
    ndas.set(NDA, { id: NDA, isSigned: false });
    on['nda.signed']!({ nda: NDA + 1 });
    expect(ndas.get(NDA)).toMatchObject({ isSigned: false });
    expect(invalidated).toEqual([]);
  });

  it('keeps who is viewing in the cache: the whole list, then the changes to it', () => {
    const { on, queryClient } = setup();
    const olivia = { userId: 3, name: 'Olivia Owner', page: 2 };
    const alice = { userId: 5, name: 'Alice Acquirer', page: 1 };
    on['presence.changed']!({ nda: NDA, viewers: [olivia, alice], left: [], full: true });
    on['presence.changed']!({ nda: NDA, viewers: [{ ...alice, page: 4 }], left: [], full: false });
    expect(queryClient.getQueryData(negotiationKeys.presence(NDA))).toEqual([olivia, { ...alice, page: 4 }]);
    on['presence.changed']!({ nda: NDA, viewers: [], left: [3], full: false });
    on['presence.changed']!({ nda: NDA + 1, viewers: [olivia], left: [], full: true });
    expect(queryClient.getQueryData(negotiationKeys.presence(NDA))).toEqual([{ ...alice, page: 4 }]);
  });
});
