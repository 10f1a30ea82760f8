import { cleanCopy } from '@tests/support/documents.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES } from '@shared/schemas/projects.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { fixture, pngBytes, saveSignature } from '@tests/support/account-area.js';
import { createOwner, createSigner } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  api,
  createProject,
  createScene,
  eventTypes,
  expectStatus,
  lastEventId,
  type Scene,
  setExtraProjects,
} from '@tests/support/projects.js';

// Projects: GET/POST /projects/projects/, GET/PATCH /projects/projects/{id}/ and their tRPC twins
// (server/rest/projects.ts, commands/projects/*, queries/projects/*, policies/project.ts, presenters/project.ts).

let t: TestApp;
let s: Scene;

beforeAll(async () => {
  t = await startTestApp();
  s = await createScene(t);
});
afterAll(async () => {
  await t?.close();
});

const pdfPart = (name: string) => ({
  name,
  file: { filename: `${name}.pdf`, contentType: 'application/pdf', body: fixture('pdfs/normal.pdf') },
});
const byId = (a: number, b: number) => a - b;
const names = (res: { body: { results: Array<{ name: string }> } }) => res.body.results.map((p) => p.name);

describe('POST /projects/projects/', () => {
  it('creates a project with its team and answers the project for its owner', async () => {
    const before = await lastEventId(t);
    const res = await api(t, 'POST', '/projects/projects/', s.owner, {
      json: { name: 'Project Heron', summary: 'Carve-out', members: [s.member.id] },
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      name: 'Project Heron',
      summary: 'Carve-out',
      members: [s.owner.id, s.member.id],
      teaser: null,
      cim: null,
      isArchived: false,
      projectBranches: [],
      user: s.owner.id,
      company: s.owner.user.company,
      status: { comment: false, received: false, refused: false, ndaSent: false, ndaSigned: false },
      unreadEventsCount: 0,
      access: 'owner',
    });
    expect(typeof res.body.id).toBe('number');
    expect(new Date(res.body.created).getTime()).toBeGreaterThan(0);
    expect(await eventTypes(t, res.body.id, before)).toEqual(['new_project', 'member_added']);
  });

  it('lets a team member create one: they are its creator and a manager', async () => {
    const res = await api(t, 'POST', '/projects/projects/', s.outsider, { json: { name: 'Outsider deal' } });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ user: s.outsider.id, members: [s.outsider.id], access: 'manager' });
    expect(await eventTypes(t, res.body.id)).toEqual(['new_project']);
  });

  it('takes a multipart form with repeated members, a teaser and a CIM', async () => {
    const res = await api(t, 'POST', '/projects/projects/', s.owner, {
      form: [
        { name: 'name', value: 'Project Ibis' },
        { name: 'summary', value: 'Growth equity' },
        { name: 'members', value: String(s.member.id) },
        { name: 'members', value: String(s.outsider.id) },
        pdfPart('teaser'),
        pdfPart('cim'),
      ],
    });
    expectStatus(res, 201);
    expect([...res.body.members].sort(byId)).toEqual([s.owner.id, s.member.id, s.outsider.id].sort(byId));
    expect(res.body.teaser).toMatch(new RegExp(`^/api/v1/projects/projects/${res.body.id}/get_teaser_pdf/`));
    expect(res.body.cim).toMatch(new RegExp(`^/api/v1/projects/projects/${res.body.id}/get_cim_pdf/`));
    const teaser = await api(t, 'GET', res.body.teaser.replace('/api/v1', ''), s.member);
    expectStatus(teaser, 200);
    expect(Buffer.compare(teaser.raw, await cleanCopy(fixture('pdfs/normal.pdf')))).toBe(0);
  });

  it('refuses a teaser that is not a document, and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.core.db
            .selectFrom('projects')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await api(t, 'POST', '/projects/projects/', s.owner, {
      form: [
        { name: 'name', value: 'Bad teaser' },
        { name: 'teaser', file: { filename: 'teaser.pdf', contentType: 'application/pdf', body: pngBytes() } },
      ],
    });
    expectStatus(res, 400);
    expect(Object.keys(res.body)).toEqual(['teaser', 'code']);
    expect(await count()).toBe(before);
  });

  it('validates the name (required, 30 characters at most) and the members (the company’s team)', async () => {
    for (const name of [undefined, '', '   ']) {
      const res = await api(t, 'POST', '/projects/projects/', s.owner, { json: { name } });
      expectStatus(res, 400);
      expect(res.body.name).toEqual([PROJECT_MESSAGES.enterName]);
    }
    const long = await api(t, 'POST', '/projects/projects/', s.owner, { json: { name: 'x'.repeat(31) } });
    expectStatus(long, 400);
    expect(long.body.name[0]).toMatch(/no more than 30/);
    expectStatus(await api(t, 'POST', '/projects/projects/', s.owner, { json: { name: 'x'.repeat(30) } }), 201);
    for (const members of [[s.stranger.id], [s.signerA.id], [999999], ['abc']]) {
      const res = await api(t, 'POST', '/projects/projects/', s.owner, { json: { name: 'Bad team', members } });
      expectStatus(res, 400);
      expect(Object.keys(res.body)).toEqual(['members', 'code']);
    }
  });

  it('is for the sending side: a signer gets 403, anonymous 401', async () => {
    expectStatus(await api(t, 'POST', '/projects/projects/', s.signerA, { json: { name: 'Mine' } }), 403);
    expectStatus(await api(t, 'POST', '/projects/projects/', null, { json: { name: 'Mine' } }), 401);
  });

  it('asks an owner without a saved signature to add one first', async () => {
    const fresh = await createOwner(t, { company_name: 'Unsigned Ltd' });
    const res = await api(t, 'POST', '/projects/projects/', fresh, { json: { name: 'First deal' } });
    expectStatus(res, 400);
    expect(res.body).toEqual({ nonFieldErrors: [PROJECT_MESSAGES.signatureFirst], code: 'signature_required' });
  });
});

describe('the plan’s project limit', () => {
  it('allows the Free plan’s 2 projects plus purchased extras, then answers the credits message', async () => {
    const owner = await createOwner(t, { company_name: 'Small Shop Ltd' });
    await saveSignature(t, owner);
    await createProject(t, owner, { name: 'One' });
    await createProject(t, owner, { name: 'Two' });
    const third = await api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Three' } });
    expectStatus(third, 400);
    expect(third.body).toEqual({ nonFieldErrors: [PROJECT_MESSAGES.notEnoughCredits], code: 'plan_limit_projects' });
    await setExtraProjects(t, owner.user.company!, 1);
    await createProject(t, owner, { name: 'Three' });
    expectStatus(await api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Four' } }), 400);
    // Archived projects still count: the plan counts projects started.
    const list = await api(t, 'GET', '/projects/projects/?limit=-1', owner);
    expect(list.body.count).toBe(3);
  });

  it('gives the last slot to exactly one of two concurrent creations', async () => {
    const owner = await createOwner(t, { company_name: 'Race Ltd' });
    await saveSignature(t, owner);
    await createProject(t, owner, { name: 'First' });
    const [a, b] = await Promise.all([
      api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Racer A' } }),
      api(t, 'POST', '/projects/projects/', owner, { json: { name: 'Racer B' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body).toEqual({
      nonFieldErrors: [PROJECT_MESSAGES.notEnoughCredits],
      code: 'plan_limit_projects',
    });
    const rows = await t.core.db
      .selectFrom('projects')
      .select('name')
      .where('companyId', '=', owner.user.company!)
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe('GET /projects/projects/', () => {
  it('lists what each role may see, newest first', async () => {
    const owner = await api(t, 'GET', '/projects/projects/?limit=-1', s.owner);
    expectStatus(owner, 200);
    expect(owner.body.results.map((p: { id: number }) => p.id)).toContain(s.project.id);
    const ids = owner.body.results.map((p: { id: number }) => p.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);

    const member = await api(t, 'GET', '/projects/projects/?limit=-1', s.member);
    expect(member.body.results.find((p: { id: number }) => p.id === s.project.id)).toMatchObject({ access: 'manager' });
    const outsider = await api(t, 'GET', '/projects/projects/?limit=-1', s.outsider);
    expect(outsider.body.results.map((p: { id: number }) => p.id)).not.toContain(s.project.id);
    const stranger = await api(t, 'GET', '/projects/projects/?limit=-1', s.stranger);
    expect(stranger.body.results).toEqual([]);
    expectStatus(await api(t, 'GET', '/projects/projects/', null), 401);
  });

  it('filters Received, Initiated, All, Active and Archived', async () => {
    const archived = await createProject(t, s.owner, { name: 'Old deal' });
    expectStatus(
      await api(t, 'PATCH', `/projects/projects/${archived.id}/`, s.owner, { json: { is_archived: true } }),
      200,
    );
    const list = async (who: Parameters<typeof api>[3], filter: string) =>
      (await api(t, 'GET', `/projects/projects/?filter=${filter}&limit=-1`, who)).body.results.map(
        (p: { id: number }) => p.id,
      );

    expect(await list(s.owner, 'Received')).toEqual([]);
    expect(await list(s.owner, 'Initiated')).toEqual(expect.arrayContaining([s.project.id, archived.id]));
    expect(await list(s.owner, 'Archived')).toEqual([archived.id]);
    expect(await list(s.owner, 'Active')).not.toContain(archived.id);
    expect(await list(s.owner, 'Active')).toContain(s.project.id);
    expect(await list(s.owner, 'All')).toEqual(expect.arrayContaining([s.project.id, archived.id]));

    expect(await list(s.signerA, 'Received')).toEqual([s.project.id]);
    expect(await list(s.signerA, 'All')).toEqual([s.project.id]);
    expect(await list(s.signerA, 'Active')).toEqual([s.project.id]);
    expect(await list(s.signerA, 'Initiated')).toEqual([]);
    expect(await list(s.signerA, 'archived')).toEqual([]); // filters are read case-insensitively

    const bad = await api(t, 'GET', '/projects/projects/?filter=Mine', s.owner);
    expectStatus(bad, 400);
    expect(Object.keys(bad.body)).toEqual(['filter', 'code']);
  });

  it('searches names case-insensitively and literally', async () => {
    await createProject(t, s.owner, { name: '100% Widgets_Co' });
    expect(names(await api(t, 'GET', '/projects/projects/?search=FALCON&limit=-1', s.owner))).toEqual([
      'Project Falcon',
    ]);
    expect(
      names(await api(t, 'GET', `/projects/projects/?search=${encodeURIComponent('0% w')}&limit=-1`, s.owner)),
    ).toEqual(['100% Widgets_Co']);
    expect(names(await api(t, 'GET', '/projects/projects/?search=%25&limit=-1', s.owner))).toEqual(['100% Widgets_Co']);
    expect(names(await api(t, 'GET', '/projects/projects/?search=falcon', s.signerA))).toEqual(['Project Falcon']);
  });

  it('pages by 9 with next and previous links; limit=-1 answers all', async () => {
    for (let i = 0; i < 10; i++) await createProject(t, s.owner, { name: `Bulk ${i}` });
    const all = await api(t, 'GET', '/projects/projects/?limit=-1', s.owner);
    expect(all.body.next).toBeNull();
    expect(all.body.results).toHaveLength(all.body.count);
    const first = await api(t, 'GET', '/projects/projects/?filter=All', s.owner);
    expect(first.body.count).toBe(all.body.count);
    expect(first.body.results).toHaveLength(9);
    expect(first.body.previous).toBeNull();
    const next = new URL(first.body.next, t.config.appUrl);
    expect(first.body.next).toMatch(/^\/api\/v1\/projects\/projects\/\?/); // a link to this same call
    expect(next.pathname).toBe('/api/v1/projects/projects/');
    expect(Object.fromEntries(next.searchParams)).toEqual({ filter: 'All', limit: '9', offset: '9' });
    const second = await api(t, 'GET', `${next.pathname.replace('/api/v1', '')}${next.search}`, s.owner);
    expect(second.body.results[0].id).toBe(all.body.results[9].id);
    expect(new URL(second.body.previous, t.config.appUrl).searchParams.get('offset')).toBe('0');
    for (const q of ['limit=0', 'limit=abc', 'offset=-1', 'limit=5000'])
      expectStatus(await api(t, 'GET', `/projects/projects/?${q}`, s.owner), 400);
  });

  it('shows status icons from real rows and unread events per viewer', async () => {
    const owner = (await api(t, 'GET', `/projects/projects/?search=Project%20Falcon`, s.owner)).body.results[0];
    expect(owner.status).toEqual({ comment: false, received: false, refused: false, ndaSent: true, ndaSigned: false });
    expect(owner.projectBranches).toEqual([s.groupB.id, s.groupA.id].sort((a, b) => a - b));
    // The owner wrote every event so far: their own events are never unread.
    expect(owner.unreadEventsCount).toBe(0);
    const signer = (await api(t, 'GET', '/projects/projects/?filter=Received', s.signerA)).body.results[0];
    expect(signer.status).toEqual({ comment: false, received: true, refused: false, ndaSent: true, ndaSigned: false });
    // Their group's events: recipient_added and nda_sent.
    expect(signer.unreadEventsCount).toBe(2);
    const member = (await api(t, 'GET', '/projects/projects/?search=Project%20Falcon', s.member)).body.results[0];
    expect(member.unreadEventsCount).toBeGreaterThanOrEqual(6);
  });
});

describe('GET /projects/projects/{id}/', () => {
  it('answers managers in full', async () => {
    const owner = await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.owner);
    expectStatus(owner, 200);
    expect(owner.body).toMatchObject({
      id: s.project.id,
      name: 'Project Falcon',
      members: [s.owner.id, s.member.id],
      access: 'owner',
    });
    const member = await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.member);
    expect(member.body.access).toBe('manager');
  });

  it('gives a signer a read-only view of their own group only, no team', async () => {
    const res = await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.signerA);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({
      name: 'Project Falcon',
      summary: 'Sale of a logistics group',
      members: [],
      projectBranches: [s.groupA.id],
      access: 'signer',
      teaser: null,
      cim: null,
    });
    const b = await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.signerB);
    expect(b.body.projectBranches).toEqual([s.groupB.id]);
  });

  it('shows a signer the teaser only when their group sends it', async () => {
    const form = [pdfPart('teaser'), pdfPart('cim')];
    expectStatus(await api(t, 'PATCH', `/projects/projects/${s.project.id}/`, s.owner, { form }), 200);
    expect((await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.signerA)).body.teaser).toBeNull();
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, s.owner, { json: { send_teaser: true } }),
      200,
    );
    const res = await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.signerA);
    expect(res.body.teaser).toMatch(/get_teaser_pdf/);
    expect(res.body.cim).toBeNull(); // the CIM waits for the signature
    expectStatus(await api(t, 'GET', res.body.teaser.replace('/api/v1', ''), s.signerA), 200);
    expect((await api(t, 'GET', `/projects/projects/${s.project.id}/`, s.signerB)).body.teaser).toBeNull();
  });

  it('is not there for a team member not on it, another company, or an unknown id (404); anonymous 401', async () => {
    for (const who of [s.outsider, s.stranger])
      expectStatus(await api(t, 'GET', `/projects/projects/${s.project.id}/`, who), 404);
    const otherSigner = await createSigner(t, s.stranger);
    expectStatus(await api(t, 'GET', `/projects/projects/${s.project.id}/`, otherSigner), 404);
    expectStatus(await api(t, 'GET', '/projects/projects/99999999/', s.owner), 404);
    expectStatus(await api(t, 'GET', '/projects/projects/abc/', s.owner), 404);
    expectStatus(await api(t, 'GET', `/projects/projects/${s.project.id}/`, null), 401);
  });
});

describe('PATCH /projects/projects/{id}/', () => {
  it('lets managers edit the title (128 at most) and summary', async () => {
    const p = await createProject(t, s.owner, { name: 'To rename', members: [s.member.id] });
    const res = await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.member, {
      json: { name: 'T'.repeat(128), summary: 'New summary' },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: 'T'.repeat(128), summary: 'New summary', access: 'manager' });
    const long = await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, { json: { name: 'T'.repeat(129) } });
    expectStatus(long, 400);
    expectStatus(await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, { json: { name: '' } }), 400);
    expectStatus(
      await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, { json: { is_archived: 'maybe' } }),
      400,
    );
  });

  it('answers 403 to signers, 404 to those who may not see it, 401 to anonymous', async () => {
    const path = `/projects/projects/${s.project.id}/`;
    expectStatus(await api(t, 'PATCH', path, s.signerA, { json: { name: 'Hijack' } }), 403);
    expectStatus(await api(t, 'PATCH', path, s.outsider, { json: { name: 'Hijack' } }), 404);
    expectStatus(await api(t, 'PATCH', path, s.stranger, { json: { name: 'Hijack' } }), 404);
    expectStatus(await api(t, 'PATCH', path, null, { json: { name: 'Hijack' } }), 401);
    expect((await api(t, 'GET', path, s.owner)).body.name).toBe('Project Falcon');
  });

  it('archives and unarchives with their events (JSON or form), and writes nothing when nothing changes', async () => {
    const p = await createProject(t, s.owner, { name: 'Archivable' });
    const before = await lastEventId(t);
    const archived = await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, { json: { is_archived: true } });
    expect(archived.body.isArchived).toBe(true);
    await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, { json: { is_archived: true } });
    const back = await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, {
      form: [{ name: 'is_archived', value: 'false' }],
    });
    expectStatus(back, 200);
    expect(back.body.isArchived).toBe(false);
    expect(await eventTypes(t, p.id, before)).toEqual(['project_archived', 'project_unarchived']);
  });

  it('adds and removes team members with events; the creator stays; only the company’s team may join', async () => {
    const p = await createProject(t, s.owner, { name: 'Team changes', members: [s.member.id] });
    const path = `/projects/projects/${p.id}/`;
    const before = await lastEventId(t);
    expectStatus(await api(t, 'GET', path, s.outsider), 404);
    const added = await api(t, 'PATCH', path, s.member, {
      json: { members: [s.owner.id, s.member.id, s.outsider.id] },
    });
    expectStatus(added, 200);
    expect([...added.body.members].sort(byId)).toEqual([s.owner.id, s.member.id, s.outsider.id].sort(byId));
    expectStatus(await api(t, 'GET', path, s.outsider), 200);
    const removed = await api(t, 'PATCH', path, s.owner, { json: { members: [s.owner.id, s.member.id] } });
    expect(removed.body.members).toEqual([s.owner.id, s.member.id]);
    expectStatus(await api(t, 'GET', path, s.outsider), 404);
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId', 'authorId'])
      .where('projectId', '=', p.id)
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { status: 'member_added', subjectId: s.outsider.id, authorId: s.member.id },
      { status: 'member_removed', subjectId: s.outsider.id, authorId: s.owner.id },
    ]);

    const creator = await api(t, 'PATCH', path, s.member, { json: { members: [s.member.id] } });
    expectStatus(creator, 400);
    expect(creator.body).toEqual({ members: [PROJECT_MESSAGES.creatorStays], code: 'project_members_invalid' });
    const foreign = await api(t, 'PATCH', path, s.owner, { json: { members: [s.owner.id, s.stranger.id] } });
    expectStatus(foreign, 400);
    expect(foreign.body).toEqual({ members: [PROJECT_MESSAGES.notTeamMember], code: 'project_members_invalid' });
    expect((await api(t, 'GET', path, s.owner)).body.members).toEqual([s.owner.id, s.member.id]);
  });

  it('refuses a team member taking herself off the project, over REST and tRPC, as the page does', async () => {
    const p = await createProject(t, s.owner, { name: 'Stay on it', members: [s.member.id, s.outsider.id] });
    const path = `/projects/projects/${p.id}/`;
    const before = await lastEventId(t);
    const self = await api(t, 'PATCH', path, s.member, { json: { members: [s.owner.id, s.outsider.id] } });
    expectStatus(self, 400);
    expect(self.body).toEqual({ members: [PROJECT_MESSAGES.selfStays], code: 'project_members_invalid' });
    const overTrpc = await trpcMutation(
      t,
      'projects.update',
      { id: p.id, members: [s.owner.id, s.outsider.id] },
      authHeader(s.member.access),
    );
    expect(overTrpc.error?.data.httpStatus).toBe(400);
    expect(overTrpc.error?.data.body).toEqual({
      members: [PROJECT_MESSAGES.selfStays],
      code: 'project_members_invalid',
    });
    expect((await api(t, 'GET', path, s.member)).body.members.sort(byId)).toEqual(
      [s.owner.id, s.member.id, s.outsider.id].sort(byId),
    );
    expect(await eventTypes(t, p.id, before)).toEqual([]);
    // Another manager may still take her off.
    const byOther = await api(t, 'PATCH', path, s.outsider, { json: { members: [s.owner.id, s.outsider.id] } });
    expectStatus(byOther, 200);
    expectStatus(await api(t, 'GET', path, s.member), 404);
  });

  it('replaces the teaser from a form and keeps the other fields', async () => {
    const p = await createProject(t, s.owner, { name: 'With files', summary: 'Keep me' });
    const res = await api(t, 'PATCH', `/projects/projects/${p.id}/`, s.owner, {
      form: [pdfPart('teaser'), { name: 'name', value: 'With teaser' }],
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: 'With teaser', summary: 'Keep me', cim: null });
    expect(res.body.teaser).toMatch(/get_teaser_pdf/);
  });
});

describe('tRPC twins', () => {
  it('lists, reads, creates and updates projects with the same rules', async () => {
    const h = authHeader(s.owner.access);
    const list = await trpcQuery(t, 'projects.list', { filter: 'Initiated', search: 'falcon' }, h);
    expect(list.data.results.map((p: { id: number }) => p.id)).toEqual([s.project.id]);
    const get = await trpcQuery(t, 'projects.get', { id: s.project.id }, authHeader(s.signerA.access));
    expect(get.data).toMatchObject({ id: s.project.id, access: 'signer', members: [] });
    expect(
      (await trpcQuery(t, 'projects.get', { id: s.project.id }, authHeader(s.stranger.access))).error?.data.httpStatus,
    ).toBe(404);
    const created = await trpcMutation(t, 'projects.create', { name: 'Over tRPC', members: [s.member.id] }, h);
    expect(created.data).toMatchObject({ name: 'Over tRPC', members: [s.owner.id, s.member.id] });
    const bad = await trpcMutation(t, 'projects.create', { name: '' }, h);
    expect(bad.error?.data.httpStatus).toBe(400);
    expect(bad.error?.data.body).toEqual({ name: [PROJECT_MESSAGES.enterName], code: 'invalid_input' });
    const updated = await trpcMutation(t, 'projects.update', { id: created.data.id, isArchived: true }, h);
    expect(updated.data.isArchived).toBe(true);
    const denied = await trpcMutation(
      t,
      'projects.update',
      { id: s.project.id, name: 'x' },
      authHeader(s.signerA.access),
    );
    expect(denied.error?.data.httpStatus).toBe(403);
    expect((await trpcQuery(t, 'projects.list', {})).error?.data.httpStatus).toBe(401);
  });
});
