import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { connected, nextMessage, openSocket, record, subscribe, threadBy } from '@tests/support/negotiation.js';
import {
  addRecipientsGroup,
  api,
  createProject,
  createTeam,
  expectStatus,
  recipient,
  registerInvitedSigner,
  sendToAll,
  setExtraProjects,
  type Team,
  uploadProjectNda,
} from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// A recipient sees only their own signership, so the group's event feed (GET /projects/events/ and
// the live event.created) does not give them the other recipients' user ids (presenters/event.ts).

let t: TestApp;
let url: string;
let team: Team;
let projectId: number;
let ndaId: number;
let me: TestUser;
let other: TestUser;
const open: Socket[] = [];

interface Ev {
  id: number;
  status: string;
  author: string;
  authorId: number | null;
  subject: number | null;
  project: number;
}

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  team = await createTeam(t);
  await setExtraProjects(t, team.owner.user.company!, 10);
  projectId = (await createProject(t, team.owner)).id;
  await uploadProjectNda(t, team.owner, projectId);
  const [r1, r2] = [recipient('me', 'Mia', 'Mine'), recipient('other', 'Otto', 'Other')];
  const { group } = await addRecipientsGroup(t, team.owner, projectId, [r1, r2]);
  expectStatus(await sendToAll(t, team.owner, group.id), 200);
  [me, other] = await Promise.all([
    registerInvitedSigner(t, r1.email, 'Mine Capital'),
    registerInvitedSigner(t, r2.email, 'Other Capital'),
  ]);
  // Registration gives both the same names: the other recipient takes their own.
  expectStatus(await api(t, 'PATCH', '/me/1/', other, { json: { first_name: 'Otto', last_name: 'Other' } }), 200);
  ndaId = (
    await t.core.db.selectFrom('ndas').select('id').where('projectBranchId', '=', group.id).executeTakeFirstOrThrow()
  ).id;
  // The other recipient opens the NDA: an event they wrote.
  expectStatus(await api(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, other), 200);
}, SETUP_MS);
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

async function feed(who: TestUser): Promise<Ev[]> {
  const res = await api(t, 'GET', `/projects/events/?project=${projectId}&ordering=id&limit=-1`, who);
  expectStatus(res, 200);
  return res.body.results as Ev[];
}

const ids = (events: Ev[]) => events.flatMap((e) => [e.authorId, e.subject]);

describe("a recipient's event feed", () => {
  it("has no other person's user id, their own where it concerns them, and the authors' names", async () => {
    const mine = await feed(me);
    expect(mine.map((e) => [e.status, e.subject])).toEqual([
      ['recipient_added', me.id],
      ['recipient_added', null],
      ['nda_sent', me.id],
      ['nda_sent', null],
      ['nda_opened', null],
    ]);
    expect(ids(mine)).not.toContain(other.id);
    expect(ids(mine)).not.toContain(team.owner.id);
    expect(mine.at(-1)).toMatchObject({ author: 'Otto Other', authorId: null });
    expect(mine[0]).toMatchObject({ author: expect.stringMatching(/\S/), authorId: null });
  });

  it('is whole for the project’s senders', async () => {
    const theirs = await feed(team.owner);
    expect(ids(theirs)).toEqual(expect.arrayContaining([me.id, other.id, team.owner.id]));
    expect(theirs.find((e) => e.status === 'nda_opened')).toMatchObject({ authorId: other.id, author: 'Otto Other' });
  });

  it('live: the other recipients get the event without the author’s id, the author with it, the senders whole', async () => {
    const [mySocket, theirSocket, ownerSocket] = [me, other, team.owner].map((u) => openSocket(url, u.access, open));
    await Promise.all([mySocket, theirSocket, ownerSocket].map((s) => connected(s!)));
    for (const s of [mySocket!, theirSocket!, ownerSocket!])
      expect(await subscribe(s, { projectId })).toMatchObject({ ok: true });
    const authorLog = record(theirSocket!, ['event.created']);

    const isThread = (e: Ev) => e.status === 'new_comments_thread';
    const [mine, theirs, owners] = [mySocket!, theirSocket!, ownerSocket!].map((s) =>
      nextMessage<Ev>(s, 'event.created', isThread),
    );
    await threadBy(t, other, ndaId, 'Clause 3 should name both parties.');
    expect(await mine).toMatchObject({ author: 'Otto Other', authorId: null });
    expect(await theirs).toMatchObject({ author: 'Otto Other', authorId: other.id });
    expect(await owners).toMatchObject({ author: 'Otto Other', authorId: other.id });

    // The author got it once, not also the recipients' copy: the next event of the room arrives after it.
    const next = nextMessage<Ev>(theirSocket!, 'event.created', (e) => isThread(e) && e.author !== 'Otto Other');
    await threadBy(t, team.owner, ndaId, 'Agreed in principle.');
    await next;
    expect(authorLog.map((m) => (m.payload as Ev).authorId)).toEqual([other.id, null]);
  });
});
