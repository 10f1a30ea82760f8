import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  addRecipientsGroup,
  api,
  createProject,
  createScene,
  expectStatus,
  recipient,
  type Scene,
  sendToAll,
} from '@tests/support/projects.js';

// The events feed: GET /projects/events/ and POST /projects/events/mark_events_read/ (server/rest/events.ts,
// queries/events/*, commands/event-feed/mark-events-read.ts), and the events every step writes.

let t: TestApp;
let s: Scene;

beforeAll(async () => {
  t = await startTestApp();
  s = await createScene(t);
});
afterAll(async () => {
  await t?.close();
});

type Ev = {
  id: number;
  created: string;
  project: number;
  projectBranch: number | null;
  status: string;
  isRead: boolean;
  authorId: number | null;
  subject: number | null;
};
const feed = async (who: Parameters<typeof api>[3], query = 'ordering=-id&limit=100') => {
  const res = await api(t, 'GET', `/projects/events/?${query}`, who);
  expectStatus(res, 200);
  return res.body as { count: number; next: string | null; previous: string | null; results: Ev[] };
};
const ofProject = (events: Ev[], projectId = s.project.id) => events.filter((e) => e.project === projectId);
const unread = async (who: Parameters<typeof api>[3]) =>
  (await api(t, 'GET', `/projects/projects/${s.project.id}/`, who)).body.unreadEventsCount as number;

describe('events written by each step', () => {
  it('records the whole story of the project, oldest first', async () => {
    const events = (await feed(s.owner, 'ordering=id&limit=-1')).results.filter((e) => e.project === s.project.id);
    expect(events.map((e) => [e.status, e.projectBranch, e.subject])).toEqual([
      ['new_project', null, null],
      ['member_added', null, s.member.id],
      ['recipient_added', s.groupA.id, s.signerA.id],
      ['recipient_added', s.groupB.id, s.signerB.id],
      ['nda_sent', s.groupA.id, s.signerA.id],
      ['nda_sent', s.groupB.id, s.signerB.id],
    ]);
    expect(events.every((e) => e.authorId === s.owner.id)).toBe(true);
  });
});

describe('GET /projects/events/', () => {
  it('shows managers every event of their projects, newest first, with the feed’s fields', async () => {
    const owner = ofProject((await feed(s.owner)).results);
    expect(owner.map((e) => e.id)).toEqual([...owner.map((e) => e.id)].sort((a, b) => b - a));
    expect(owner[0]).toMatchObject({
      project: s.project.id,
      author: 'Olivia Owner',
      authorId: s.owner.id,
      status: 'nda_sent',
      isRead: true,
    });
    expect(typeof owner[0]!.created).toBe('string');
    const member = ofProject((await feed(s.member)).results);
    expect(member.map((e) => e.id)).toEqual(owner.map((e) => e.id));
  });

  it('shows a signer only the events of their own group', async () => {
    const a = (await feed(s.signerA)).results;
    expect(a.map((e) => [e.status, e.projectBranch])).toEqual([
      ['nda_sent', s.groupA.id],
      ['recipient_added', s.groupA.id],
    ]);
    const b = (await feed(s.signerB)).results;
    expect(b.every((e) => e.projectBranch === s.groupB.id)).toBe(true);
  });

  it('shows nothing of the project to a team member not on it or to another company; 401 anonymous', async () => {
    expect(ofProject((await feed(s.outsider)).results)).toEqual([]);
    expect((await feed(s.stranger)).results).toEqual([]);
    expectStatus(await api(t, 'GET', '/projects/events/', null), 401);
  });

  it('catches up after an id, filters by project, pages, and validates its query', async () => {
    const all = ofProject((await feed(s.owner, 'ordering=id&limit=-1')).results);
    const after = await feed(s.owner, `ordering=id&id__gt=${all[3]!.id}&project=${s.project.id}`);
    expect(after.results.map((e) => e.id)).toEqual(all.slice(4).map((e) => e.id));
    const other = await createProject(t, s.owner, { name: 'Other feed' });
    const only = await feed(s.owner, `project=${other.id}`);
    expect(only.results.map((e) => e.status)).toEqual(['new_project']);
    const page = await feed(s.owner, `project=${s.project.id}&limit=2`);
    expect(page.results).toHaveLength(2);
    expect(page.count).toBe(all.length);
    expect(new URL(page.next!, t.config.appUrl).searchParams.get('offset')).toBe('2');
    expect((await feed(s.owner, `project=${s.project.id}`)).results).toHaveLength(all.length); // default 100
    for (const q of [
      'ordering=name',
      'id__gt=x',
      'id__gt=99999999999',
      'limit=0',
      'project=abc',
      'project=1&project=2',
      'offset=1e20',
    ])
      expectStatus(await api(t, 'GET', `/projects/events/?${q}`, s.owner), 400);
  });
});

describe('read state', () => {
  it('counts others’ events as unread until marked read; one’s own are read', async () => {
    const { group } = await addRecipientsGroup(t, s.member, s.project.id, [recipient()], { name: 'By member' });
    expectStatus(await sendToAll(t, s.member, group.id), 200);
    const ownerUnread = ofProject((await feed(s.owner)).results).filter((e) => !e.isRead);
    expect(ownerUnread.map((e) => e.status).sort()).toEqual(['nda_sent', 'recipient_added']);
    expect(await unread(s.owner)).toBe(2);
    expect(
      ofProject((await feed(s.member)).results)
        .filter((e) => !e.isRead)
        .map((e) => e.authorId),
    ).not.toContain(s.member.id);

    const res = await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, {
      json: { events: ownerUnread.map((e) => e.id) },
    });
    expectStatus(res, 200);
    expect(res.body).toEqual({ detail: 'OK', marked: 2 });
    expect(await unread(s.owner)).toBe(0);
    expect(ofProject((await feed(s.owner)).results).every((e) => e.isRead)).toBe(true);
    // Marking again is harmless.
    expect(
      (
        await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, {
          json: { events: ownerUnread.map((e) => e.id) },
        })
      ).body.marked,
    ).toBe(0);
    const me = await api(t, 'GET', '/me/1/', s.owner);
    expect(me.body.lastSeenEventId).toBe(Math.max(...ownerUnread.map((e) => e.id)));
  });

  it('lets a signer mark their group’s events and ignores events they may not see', async () => {
    const a = (await feed(s.signerA)).results;
    expect(await unread(s.signerA)).toBe(a.filter((e) => !e.isRead).length);
    const others = ofProject((await feed(s.owner)).results)
      .filter((e) => e.projectBranch !== s.groupA.id)
      .map((e) => e.id);
    const res = await api(t, 'POST', '/projects/events/mark_events_read/', s.signerA, {
      json: { events: [...a.map((e) => e.id), ...others, 99999999] },
    });
    expect(res.body.marked).toBe(a.length);
    expect(await unread(s.signerA)).toBe(0);
    const reads = await t.core.db
      .selectFrom('eventReads')
      .select('eventId')
      .where('userId', '=', s.signerA.id)
      .execute();
    expect(reads.map((r) => r.eventId).sort()).toEqual(a.map((e) => e.id).sort());
    expect(
      (await api(t, 'POST', '/projects/events/mark_events_read/', s.stranger, { json: { events: others } })).body
        .marked,
    ).toBe(0);
  });

  it('validates the body; anonymous 401', async () => {
    expectStatus(await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, { json: { events: 'all' } }), 400);
    expectStatus(await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, { json: {} }), 400);
    expectStatus(await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, { json: { events: ['x'] } }), 400);
    expect(
      (await api(t, 'POST', '/projects/events/mark_events_read/', s.owner, { json: { events: [] } })).body,
    ).toEqual({ detail: 'OK', marked: 0 });
    expectStatus(await api(t, 'POST', '/projects/events/mark_events_read/', null, { json: { events: [1] } }), 401);
  });

  it('has tRPC twins', async () => {
    const list = await trpcQuery(t, 'events.list', { project: s.project.id, idGt: 0 }, authHeader(s.signerB.access));
    expect(list.data.results.every((e: Ev) => e.projectBranch === s.groupB.id)).toBe(true);
    const marked = await trpcMutation(
      t,
      'events.markRead',
      { events: list.data.results.map((e: Ev) => e.id) },
      authHeader(s.signerB.access),
    );
    expect(marked.data.detail).toBe('OK');
    expect((await trpcQuery(t, 'events.list', {})).error?.data.httpStatus).toBe(401);
  });
});
