import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  negotiationSetup,
  nextMessage,
  openSocket,
  record,
  subscribe,
  threadBy,
} from '@tests/support/negotiation.js';
import { waitFor } from '@tests/support/wait.js';

// Events watched as they arrive on the page they concern (their NDA's review page, whose socket is in
// the NDA's room) count as read for the watcher: in the feed's isRead, in the project's unread count
// and in the navigation badge's figure, which the feed gives (server/commands/event-feed/mark-read-by-viewers.ts).

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

interface Ev {
  id: number;
  isRead: boolean;
  status: string;
  subject: number | null;
}

/** The user's feed, newest first, and the project's unread count as its card shows it. */
async function readState(user: TestUser) {
  const feed = await api<{ results: Ev[] }>(t, 'GET', `/projects/events/?project=${deal.projectId}`, user);
  const project = await api<{ unreadEventsCount: number }>(t, 'GET', `/projects/projects/${deal.projectId}/`, user);
  expect(feed.status).toBe(200);
  expect(project.status).toBe(200);
  const unread = feed.body.results.filter((e) => !e.isRead).length;
  return { events: feed.body.results, unread, projectUnread: project.body.unreadEventsCount };
}

/** A socket of the user following the project (as the app's frame does), with the NDA's page open when given. */
async function following(user: TestUser, ndaId?: number): Promise<Socket> {
  const s = openSocket(url, user.access, open);
  await connected(s);
  expect(await subscribe(s, { projectId: deal.projectId })).toMatchObject({ ok: true });
  if (ndaId !== undefined) expect(await subscribe(s, { ndaId })).toMatchObject({ ok: true });
  return s;
}

/** Closes the page: resolves once the server no longer counts the user among the NDA's viewers. */
async function close(s: Socket, user: TestUser, ndaId: number): Promise<void> {
  s.disconnect();
  await waitFor(
    () => t.core.realtime.viewersOf(ndaId),
    (viewers) => !viewers.has(user.id),
  );
}

/** The event of a new thread, once pushed to the socket (the command has committed). */
async function threadEvent(by: TestUser, ndaId: number, pushedTo: Socket, text: string): Promise<number> {
  const pushed = nextMessage<{ id: number; subject: number }>(pushedTo, 'event.created', (e) => e.subject !== null);
  const threadId = await threadBy(t, by, ndaId, text);
  const event = await pushed;
  expect(event.subject).toBe(threadId);
  return event.id;
}

describe('events watched on their NDA’s page', () => {
  it('are read by whoever had the page open, and stay unread for the others', async () => {
    const [ownerBefore, managerBefore] = [await readState(cast.owner), await readState(cast.manager)];
    // The owner has group A's NDA open; the manager follows the project only (the activity feed).
    const owner = await following(cast.owner, deal.a.ndaId);
    const ownerElsewhere = await following(cast.owner);
    const manager = await following(cast.manager);
    const told = nextMessage<{ project: number; events: number[] }>(ownerElsewhere, 'events.read');
    const managerHeard = record(manager, ['events.read']);

    const id = await threadEvent(cast.signerA1, deal.a.ndaId, owner, 'Clause 4 should be mutual.');
    // The owner's other tab hears that it is read; the manager, who did not watch, hears nothing.
    expect(await told).toEqual({ project: deal.projectId, events: [id] });
    const ownerAfter = await readState(cast.owner);
    expect(ownerAfter.events.find((e) => e.id === id)).toMatchObject({ status: 'new_comments_thread', isRead: true });
    expect(ownerAfter.unread).toBe(ownerBefore.unread);
    expect(ownerAfter.projectUnread).toBe(ownerBefore.projectUnread);

    const managerAfter = await readState(cast.manager);
    expect(managerAfter.events.find((e) => e.id === id)?.isRead).toBe(false);
    expect(managerAfter.unread).toBe(managerBefore.unread + 1);
    expect(managerAfter.projectUnread).toBe(managerBefore.projectUnread + 1);
    expect(managerHeard).toEqual([]);
  });

  it('are not read from another NDA’s page, nor once the page is closed', async () => {
    const before = await readState(cast.owner);
    // The owner looks at group B's NDA while a thread opens on group A's.
    const onB = await following(cast.owner, deal.b.ndaId);
    const elsewhere = await threadEvent(cast.signerA1, deal.a.ndaId, onB, 'Clause 5 is too wide.');

    // Group A's page was open, then closed: the next thread there is not watched.
    const onA = await following(cast.owner, deal.a.ndaId);
    await close(onA, cast.owner, deal.a.ndaId);
    const closed = await threadEvent(cast.signerA2, deal.a.ndaId, onB, 'Clause 6 needs a carve-out.');

    const after = await readState(cast.owner);
    expect(after.events.find((e) => e.id === elsewhere)?.isRead).toBe(false);
    expect(after.events.find((e) => e.id === closed)?.isRead).toBe(false);
    expect(after.unread).toBe(before.unread + 2);
    expect(after.projectUnread).toBe(before.projectUnread + 2);
  });

  it('are read by a recipient watching their NDA, not by the recipient of another group', async () => {
    const signerA2 = await following(cast.signerA2, deal.a.ndaId);
    const id = await threadEvent(cast.owner, deal.a.ndaId, signerA2, 'We accept two years.');
    const feedOf = async (user: TestUser) =>
      (await api<{ results: Ev[] }>(t, 'GET', `/projects/events/?project=${deal.projectId}`, user)).body.results;
    expect((await feedOf(cast.signerA2)).find((e) => e.id === id)?.isRead).toBe(true);
    // The group's other recipient, not watching, has it unread; group B's recipient never sees it.
    expect((await feedOf(cast.signerA1)).find((e) => e.id === id)?.isRead).toBe(false);
    expect((await feedOf(cast.signerB)).find((e) => e.id === id)).toBeUndefined();
  });
});
