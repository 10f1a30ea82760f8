import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@shared/schemas/contacts.js';
import { GROUP_MESSAGES } from '@shared/schemas/groups.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  addRecipientsGroup,
  api,
  createGroup,
  createProject,
  createScene,
  createSignerGroup,
  eventTypes,
  expectStatus,
  lastEventId,
  recipient,
  type Recipient,
  resolve,
  type Scene,
} from '@tests/support/projects.js';

// Recipient groups: signer groups (/projects/signers_group/), a project's groups (/projects/project_branches/),
// recipients' colour tags (/projects/signership/{id}/) and the tracker (GET /projects/dashboard/)
// (server/rest/{groups,dashboard}.ts, commands/groups/*, queries/{groups,dashboard}/*, policies/group.ts).

let t: TestApp;
let s: Scene;

beforeAll(async () => {
  t = await startTestApp();
  s = await createScene(t);
});
afterAll(async () => {
  await t?.close();
});

const signershipsOf = (branchId: number) =>
  t.core.db
    .selectFrom('signerships')
    .select(['userId', 'colorStatus'])
    .where('projectBranchId', '=', branchId)
    .orderBy('userId')
    .execute();

describe('signer groups', () => {
  it('are named sets of the company’s recipients', async () => {
    const users = await resolve(t, s.member, [recipient(), recipient()]);
    const res = await api(t, 'POST', '/projects/signers_group/', s.member, { json: { name: 'Family offices', users } });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ name: 'Family offices', users: [...users].sort((a, b) => a - b) });
    const list = await api(t, 'GET', '/projects/signers_group/?limit=-1', s.outsider);
    expectStatus(list, 200);
    expect(list.body.results.map((g: { id: number }) => g.id)).toContain(res.body.id);
    expect((await api(t, 'GET', '/projects/signers_group/?limit=-1', s.stranger)).body.results).toEqual([]);
    expectStatus(await api(t, 'GET', `/projects/signers_group/${res.body.id}/`, s.owner), 200);
    expectStatus(await api(t, 'GET', `/projects/signers_group/${res.body.id}/`, s.stranger), 404);
  });

  it('hold only accounts behind the company’s contacts, and need a name and a recipient', async () => {
    for (const users of [[s.member.id], [s.stranger.id], [99999999]]) {
      const res = await api(t, 'POST', '/projects/signers_group/', s.owner, { json: { name: 'Bad', users } });
      expectStatus(res, 400);
      expect(res.body).toEqual({ users: [GROUP_MESSAGES.notContact], code: 'group_invalid' });
    }
    const [user] = await resolve(t, s.owner, [recipient()]);
    expect(
      (await api(t, 'POST', '/projects/signers_group/', s.stranger, { json: { name: 'Theirs', users: [user] } })).body,
    ).toEqual({ users: [GROUP_MESSAGES.notContact], code: 'group_invalid' });
    expect(
      (await api(t, 'POST', '/projects/signers_group/', s.owner, { json: { name: '', users: [user] } })).body,
    ).toEqual({ name: [GROUP_MESSAGES.nameRequired], code: 'invalid_input' });
    expect(
      (await api(t, 'POST', '/projects/signers_group/', s.owner, { json: { name: 'Empty', users: [] } })).body,
    ).toEqual({ users: [GROUP_MESSAGES.selectRecipients], code: 'invalid_input' });
    expectStatus(
      await api(t, 'POST', '/projects/signers_group/', s.signerA, { json: { name: 'Mine', users: [user] } }),
      403,
    );
    expectStatus(await api(t, 'GET', '/projects/signers_group/', s.signerA), 403);
    expectStatus(await api(t, 'GET', '/projects/signers_group/', null), 401);
  });

  it('carry their changes to the project groups built from them, with events', async () => {
    const project = await createProject(t, s.owner, { name: 'Sync project', members: [s.member.id] });
    const [u1, u2, u3] = await resolve(t, s.owner, [recipient(), recipient(), recipient()]);
    const sg = await createSignerGroup(t, s.owner, [u1!, u2!], 'Syncing');
    const group = await createGroup(t, s.owner, project.id, [sg.id]);
    const before = await lastEventId(t);
    const res = await api(t, 'PATCH', `/projects/signers_group/${sg.id}/`, s.member, {
      json: { name: 'Synced', users: [u2, u3] },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: 'Synced', users: [u2, u3] });
    expect((await signershipsOf(group.id)).map((r) => r.userId)).toEqual([u2, u3]);
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId', 'projectBranchId'])
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { status: 'recipient_added', subjectId: u3, projectBranchId: group.id },
      { status: 'recipient_removed', subjectId: u1, projectBranchId: group.id },
    ]);
    // A team member who does not manage a project using it may rename it, not change who is in it.
    expectStatus(
      await api(t, 'PATCH', `/projects/signers_group/${sg.id}/`, s.outsider, { json: { name: 'Renamed by outsider' } }),
      200,
    );
    const denied = await api(t, 'PATCH', `/projects/signers_group/${sg.id}/`, s.outsider, { json: { users: [u1] } });
    expectStatus(denied, 403);
    expectStatus(await api(t, 'PATCH', `/projects/signers_group/${sg.id}/`, s.stranger, { json: { name: 'x' } }), 404);
    expectStatus(await api(t, 'PATCH', `/projects/signers_group/${sg.id}/`, s.signerA, { json: { name: 'x' } }), 404);
  });

  it('can be deleted only while no project group uses them', async () => {
    const [u] = await resolve(t, s.owner, [recipient()]);
    const unused = await createSignerGroup(t, s.owner, [u!], 'Unused');
    expectStatus(await api(t, 'DELETE', `/projects/signers_group/${unused.id}/`, s.stranger), 404);
    expectStatus(await api(t, 'DELETE', `/projects/signers_group/${unused.id}/`, s.member), 204);
    expectStatus(await api(t, 'GET', `/projects/signers_group/${unused.id}/`, s.owner), 404);
    const used = await api(t, 'DELETE', `/projects/signers_group/${s.groupA.signerGroups[0]}/`, s.owner);
    expectStatus(used, 400);
    expect(used.body).toEqual({ nonFieldErrors: [GROUP_MESSAGES.inUse], code: 'group_in_use' });
  });
});

describe('POST /projects/project_branches/', () => {
  it('creates a group with a signership and a recipient_added event per recipient, and its copy of the project NDA', async () => {
    const before = await lastEventId(t);
    const rows = [recipient(), recipient()];
    const users = await resolve(t, s.member, rows);
    const sg = await createSignerGroup(t, s.member, users);
    const res = await api(t, 'POST', '/projects/project_branches/', s.member, {
      json: {
        name: 'Strategics',
        project: s.project.id,
        signer_groups: [sg.id],
        allow_comments: false,
        send_teaser: true,
        inherit_nda_from_project: true,
      },
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      name: 'Strategics',
      project: s.project.id,
      colorStatus: null,
      signers: users,
      signerGroups: [sg.id],
      allowComments: false,
      sendTeaser: true,
      inheritNdaFromProject: true,
      unresolvedCommentsCount: 0,
      nda: { name: 'Mutual NDA', isSent: false, isRecalled: false, isSigned: false, sentAt: null },
    });
    expect(res.body.nda.id).not.toBe(s.nda.id);
    expect(
      res.body.signerships.map((x: { signer: { email: string; firstName: string; company: { name: string } } }) => [
        x.signer.email,
        x.signer.firstName,
        x.signer.company.name,
      ]),
    ).toEqual(rows.map((r) => [r.email, r.firstName, '']));
    expect(res.body.signerships[0]).toMatchObject({
      colorStatus: null,
      status: 'recipient_added',
      sendTeaser: true,
      lastEvent: { status: 'recipient_added' },
    });
    expect(await eventTypes(t, s.project.id, before)).toEqual(['recipient_added', 'recipient_added']);
  });

  it('has no NDA when it does not inherit one, or the project has none', async () => {
    const [u] = await resolve(t, s.owner, [recipient()]);
    const sg = await createSignerGroup(t, s.owner, [u!]);
    const own = await createGroup(t, s.owner, s.project.id, [sg.id], { inheritNdaFromProject: false });
    expect(own.nda).toBeNull();
    const bare = await createProject(t, s.owner, { name: 'No NDA yet' });
    const group = await createGroup(t, s.owner, bare.id, [sg.id]);
    expect(group.nda).toBeNull();
  });

  it('validates the name, the signer groups and the toggles', async () => {
    const base = { name: 'G', project: s.project.id, signer_groups: s.groupA.signerGroups };
    expect(
      (await api(t, 'POST', '/projects/project_branches/', s.owner, { json: { ...base, signer_groups: [] } })).body,
    ).toEqual({ signerGroups: [GROUP_MESSAGES.selectGroup], code: 'invalid_input' });
    expect(
      (await api(t, 'POST', '/projects/project_branches/', s.owner, { json: { ...base, name: ' ' } })).body,
    ).toEqual({ name: [GROUP_MESSAGES.nameRequired], code: 'invalid_input' });
    expectStatus(
      await api(t, 'POST', '/projects/project_branches/', s.owner, { json: { ...base, allow_comments: 'perhaps' } }),
      400,
    );
    expectStatus(
      await api(t, 'POST', '/projects/project_branches/', s.owner, { json: { ...base, project: 'x' } }),
      400,
    );
    const [u] = await resolve(t, s.stranger, [recipient()]);
    const theirs = await createSignerGroup(t, s.stranger, [u!]);
    expect(
      (await api(t, 'POST', '/projects/project_branches/', s.owner, { json: { ...base, signer_groups: [theirs.id] } }))
        .body,
    ).toEqual({
      signerGroups: [GROUP_MESSAGES.unknownGroup],
      code: 'group_invalid',
    });
  });

  it('is for the project’s managers: signers 403, others 404, anonymous 401', async () => {
    const body = { json: { name: 'G', project: s.project.id, signer_groups: s.groupA.signerGroups } };
    expectStatus(await api(t, 'POST', '/projects/project_branches/', s.signerA, body), 403);
    expectStatus(await api(t, 'POST', '/projects/project_branches/', s.outsider, body), 404);
    expectStatus(await api(t, 'POST', '/projects/project_branches/', s.stranger, body), 404);
    expectStatus(await api(t, 'POST', '/projects/project_branches/', null, body), 401);
  });
});

describe('GET /projects/project_branches/', () => {
  it('lists every group to managers and only their own, without tags or other recipients, to a signer', async () => {
    const owner = await api(t, 'GET', `/projects/project_branches/?project=${s.project.id}&limit=-1`, s.owner);
    expectStatus(owner, 200);
    expect(owner.body.results.map((g: { id: number }) => g.id)).toEqual(
      expect.arrayContaining([s.groupA.id, s.groupB.id]),
    );
    const member = await api(t, 'GET', `/projects/project_branches/?project=${s.project.id}&limit=-1`, s.member);
    expect(member.body.count).toBe(owner.body.count);

    const a = await api(t, 'GET', `/projects/project_branches/?project=${s.project.id}&limit=-1`, s.signerA);
    expectStatus(a, 200);
    expect(a.body.results.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
    expect(a.body.results[0]).toMatchObject({ colorStatus: null, signerGroups: [], signers: [s.signerA.id] });
    expect(a.body.results[0].signerships.map((x: { signer: { id: number } }) => x.signer.id)).toEqual([s.signerA.id]);
    const all = await api(t, 'GET', '/projects/project_branches/?limit=-1', s.signerB);
    expect(all.body.results.map((g: { id: number }) => g.id)).toEqual([s.groupB.id]);

    for (const who of [s.outsider, s.stranger])
      expectStatus(await api(t, 'GET', `/projects/project_branches/?project=${s.project.id}`, who), 404);
    expect((await api(t, 'GET', '/projects/project_branches/?limit=-1', s.stranger)).body.results).toEqual([]);
    expectStatus(await api(t, 'GET', '/projects/project_branches/', null), 401);
  });

  it('answers one group to those who may see it', async () => {
    expectStatus(await api(t, 'GET', `/projects/project_branches/${s.groupA.id}/`, s.member), 200);
    const own = await api(t, 'GET', `/projects/project_branches/${s.groupA.id}/`, s.signerA);
    expectStatus(own, 200);
    expect(own.body.nda).toMatchObject({ isSent: true });
    expectStatus(await api(t, 'GET', `/projects/project_branches/${s.groupB.id}/`, s.signerA), 404);
    expectStatus(await api(t, 'GET', `/projects/project_branches/${s.groupA.id}/`, s.outsider), 404);
    expectStatus(await api(t, 'GET', `/projects/project_branches/${s.groupA.id}/`, s.stranger), 404);
    expectStatus(await api(t, 'GET', '/projects/project_branches/99999999/', s.owner), 404);
  });
});

describe('PATCH /projects/project_branches/{id}/ and /projects/signership/{id}/', () => {
  it('edits a group’s name and toggles; signers 403, others 404', async () => {
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Editable' });
    const res = await api(t, 'PATCH', `/projects/project_branches/${group.id}/`, s.member, {
      json: { name: 'Edited', allow_comments: false, send_teaser: true },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ name: 'Edited', allowComments: false, sendTeaser: true });
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, s.signerA, { json: { name: 'x' } }),
      403,
    );
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, s.signerB, { json: { name: 'x' } }),
      404,
    );
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, s.outsider, { json: { name: 'x' } }),
      404,
    );
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, s.stranger, { json: { name: 'x' } }),
      404,
    );
    expectStatus(
      await api(t, 'PATCH', `/projects/project_branches/${s.groupA.id}/`, null, { json: { name: 'x' } }),
      401,
    );
  });

  it('swaps signer groups: recipients follow with recipient_added / recipient_removed', async () => {
    const { group, users } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Swapping' });
    const [newcomer] = await resolve(t, s.owner, [recipient()]);
    const other = await createSignerGroup(t, s.owner, [newcomer!]);
    const before = await lastEventId(t);
    const res = await api(t, 'PATCH', `/projects/project_branches/${group.id}/`, s.owner, {
      json: { signer_groups: [other.id] },
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ signerGroups: [other.id], signers: [newcomer] });
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId'])
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { status: 'recipient_added', subjectId: newcomer },
      { status: 'recipient_removed', subjectId: users[0] },
    ]);
    expect(
      (await api(t, 'PATCH', `/projects/project_branches/${group.id}/`, s.owner, { json: { signer_groups: [] } })).body,
    ).toEqual({ signerGroups: [GROUP_MESSAGES.selectGroup], code: 'invalid_input' });
  });

  it('tags recipients and aggregates the group colour: yellow, then red, then green', async () => {
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient(), recipient()], {
      name: 'Colours',
    });
    const [first, second] = group.signerships;
    const tag = (id: number, colorStatus: string, who = s.owner) =>
      api(t, 'PATCH', `/projects/signership/${id}/`, who, { json: { color_status: colorStatus } });
    const colour = async () =>
      (await api(t, 'GET', `/projects/project_branches/${group.id}/`, s.owner)).body.colorStatus;

    const green = await tag(first!.id, 'green');
    expectStatus(green, 200);
    expect(green.body).toMatchObject({ id: first!.id, colorStatus: 'green' });
    expect(await colour()).toBe('green');
    await tag(second!.id, 'red');
    expect(await colour()).toBe('red');
    await tag(first!.id, 'yellow', s.member);
    expect(await colour()).toBe('yellow');
    const same = await tag(first!.id, 'yellow');
    expectStatus(same, 400);
    expect(same.body).toEqual({ colorStatus: [GROUP_MESSAGES.sameColor], code: 'group_invalid' });
    expectStatus(await tag(first!.id, 'blue'), 400);

    // Tagging the group tags every recipient in it, so the group shows the colour chosen.
    const groupTag = await api(t, 'PATCH', `/projects/project_branches/${group.id}/`, s.owner, {
      json: { color_status: 'green' },
    });
    expectStatus(groupTag, 200);
    expect(groupTag.body.colorStatus).toBe('green');
    expect((await signershipsOf(group.id)).map((r) => r.colorStatus)).toEqual(['green', 'green']);
    expect(
      (await api(t, 'PATCH', `/projects/project_branches/${group.id}/`, s.owner, { json: { color_status: 'green' } }))
        .body,
    ).toEqual({ colorStatus: [GROUP_MESSAGES.sameColor], code: 'group_invalid' });
  });

  it('lets no one else tag a recipient', async () => {
    const own = s.groupA.signerships[0]!.id;
    const other = s.groupB.signerships[0]!.id;
    const tag = (id: number, who: Parameters<typeof api>[3]) =>
      api(t, 'PATCH', `/projects/signership/${id}/`, who, { json: { color_status: 'red' } });
    expectStatus(await tag(own, s.signerA), 403);
    expectStatus(await tag(other, s.signerA), 404);
    expectStatus(await tag(own, s.outsider), 404);
    expectStatus(await tag(own, s.stranger), 404);
    expectStatus(await tag(own, null), 401);
    expectStatus(await tag(99999999, s.owner), 404);
  });
});

describe('PATCH /projects/project_branches/{id}/ with typed recipients: one call, one transaction', () => {
  const patch = (groupId: number, json: Record<string, unknown>, who = s.owner) =>
    api(t, 'PATCH', `/projects/project_branches/${groupId}/`, who, { json });
  const row = (r: Recipient) => ({ first_name: r.firstName, last_name: r.lastName, email: r.email });
  const count = async (table: 'signerGroups' | 'signerGroupUsers' | 'contacts' | 'users' | 'signerships' | 'events') =>
    Number(
      (
        await t.core.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** What a refused update must leave as it was: no orphan signer group, contact or account. */
  const snapshot = async (groupId: number) => ({
    group: (await api(t, 'GET', `/projects/project_branches/${groupId}/`, s.owner)).body,
    signerGroups: await count('signerGroups'),
    signerGroupUsers: await count('signerGroupUsers'),
    contacts: await count('contacts'),
    users: await count('users'),
    signerships: await count('signerships'),
    events: await count('events'),
  });

  it('renames the group and swaps its recipients: new contacts in a contacts group named after it, with events', async () => {
    const kept = recipient('kept');
    const { group, users } = await addRecipientsGroup(t, s.owner, s.project.id, [kept, recipient('left')], {
      name: 'Before',
    });
    const newcomer = recipient('newcomer', 'Nora', 'New');
    const before = await lastEventId(t);
    const res = await patch(group.id, {
      name: 'After',
      allow_comments: false,
      recipients: [row(newcomer), { ...row(kept), email: kept.email.toUpperCase() }],
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ id: group.id, name: 'After', allowComments: false });
    expect(res.body.signerGroups).toHaveLength(1);
    expect(res.body.signerGroups[0]).not.toBe(group.signerGroups[0]);
    const emails = res.body.signerships.map((x: { signer: { email: string } }) => x.signer.email).sort();
    expect(emails).toEqual([kept.email, newcomer.email].sort());
    const signerGroup = await api(t, 'GET', `/projects/signers_group/${res.body.signerGroups[0]}/`, s.owner);
    expect(signerGroup.body).toMatchObject({ name: 'After' });
    expect(signerGroup.body.users).toHaveLength(2);
    const contact = await t.core.db
      .selectFrom('contacts')
      .select(['firstName', 'lastName'])
      .where('companyId', '=', s.owner.user.company!)
      .where('email', '=', newcomer.email)
      .executeTakeFirst();
    expect(contact).toEqual({ firstName: 'Nora', lastName: 'New' });
    const newcomerId = res.body.signers.find((id: number) => !users.includes(id));
    const events = await t.core.db
      .selectFrom('events')
      .select(['status', 'subjectId'])
      .where('id', '>', before)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { status: 'recipient_added', subjectId: newcomerId },
      { status: 'recipient_removed', subjectId: users[1] },
    ]);
  });

  it('keeps the group’s contacts groups when the rows name the people it has, in any order and case', async () => {
    const [a, b] = [recipient(), recipient()];
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [a!, b!], { name: 'Same people' });
    const before = await snapshot(group.id);
    const res = await patch(group.id, {
      name: 'Same people',
      recipients: [row(b!), { ...row(a!), email: a!.email.toUpperCase() }],
    });
    expectStatus(res, 200);
    expect(res.body.signerGroups).toEqual(group.signerGroups);
    expect(await snapshot(group.id)).toEqual(before);
  });

  it('refuses a bad row under recipients.<row>.<field>, a team member and both sources, changing nothing', async () => {
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Guarded' });
    const before = await snapshot(group.id);
    const fresh = row(recipient('fresh'));
    const cases: Array<{ body: Record<string, unknown>; errors: Record<string, string[]> }> = [
      {
        body: { name: 'Changed', recipients: [fresh, { ...fresh, email: 'not-an-email' }] },
        errors: { 'recipients.1.email': ['Invalid email format'] },
      },
      {
        body: { name: 'Changed', recipients: [fresh, { ...row(recipient()), email: s.member.email }] },
        errors: { 'recipients.1.email': [CONTACT_MESSAGES.teamMember] },
      },
      {
        body: { recipients: [fresh, { ...fresh }] },
        errors: { 'recipients.1.email': [CONTACT_MESSAGES.alreadyAdded] },
      },
      { body: { recipients: [] }, errors: { recipients: [GROUP_MESSAGES.selectRecipients] } },
      {
        body: { recipients: [fresh], signer_groups: group.signerGroups },
        errors: { recipients: [GROUP_MESSAGES.bothRecipientSources] },
      },
    ];
    for (const { body, errors } of cases) {
      const res = await patch(group.id, body);
      expectStatus(res, 400);
      const teamMember = Object.values(errors).flat().includes(CONTACT_MESSAGES.teamMember);
      expect(res.body).toEqual({ ...errors, code: teamMember ? 'contact_is_team_member' : 'invalid_input' });
      expect(await snapshot(group.id)).toEqual(before);
    }
  });

  it('rolls the whole call back when a later part is refused: no orphan contacts group, contact or account', async () => {
    const kept = recipient('kept');
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [kept], { name: 'All or nothing' });
    expectStatus(await patch(group.id, { color_status: 'green' }), 200);
    const before = await snapshot(group.id);
    // The new rows are stored before the colour is checked: the colour the group already shows is refused.
    const res = await patch(group.id, {
      name: 'Half done',
      recipients: [row(kept), row(recipient('orphan'))],
      color_status: 'green',
    });
    expectStatus(res, 400);
    expect(res.body).toEqual({ colorStatus: [GROUP_MESSAGES.sameColor], code: 'group_invalid' });
    expect(await snapshot(group.id)).toEqual(before);
  });

  it('rolls back when the last write fails in the database, leaving no orphan contacts group', async () => {
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Failing' });
    const before = await snapshot(group.id);
    // The failure the browser's third call could meet (a lost connection, a crash): the group's new signership is refused.
    const run = async (...statements: string[]) => {
      for (const statement of statements) await sql.raw(statement).execute(t.core.db);
    };
    await run(
      `create function refuse_signership() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      `create trigger refuse_signership before insert on signerships for each row
         when (new.project_branch_id = ${group.id}) execute function refuse_signership()`,
    );
    try {
      const res = await patch(group.id, { name: 'Never', recipients: [row(recipient('lost'))] });
      expectStatus(res, 500);
    } finally {
      await run('drop trigger refuse_signership on signerships', 'drop function refuse_signership()');
    }
    expect(await snapshot(group.id)).toEqual(before);
  });

  it('does the same over tRPC (groups.update)', async () => {
    const h = authHeader(s.owner.access);
    const { group } = await addRecipientsGroup(t, s.owner, s.project.id, [recipient()], { name: 'Over tRPC' });
    const bad = await trpcMutation(
      t,
      'groups.update',
      { id: group.id, recipients: [{ firstName: 'A', lastName: 'B', email: 'nope' }] },
      h,
    );
    expect(bad.status).toBe(400);
    const newcomer = recipient('trpc');
    const good = await trpcMutation(t, 'groups.update', { id: group.id, name: 'Renamed', recipients: [newcomer] }, h);
    expect(good.status).toBe(200);
    expect(good.data).toMatchObject({ id: group.id, name: 'Renamed' });
    expect(good.data.signerships.map((x: { signer: { email: string } }) => x.signer.email)).toEqual([newcomer.email]);
  });
});

describe('GET /projects/dashboard/', () => {
  it('tracks the project’s groups for managers, 9 a page with a next link', async () => {
    const project = await createProject(t, s.owner, { name: 'Busy project', members: [s.member.id] });
    const [u] = await resolve(t, s.owner, [recipient()]);
    const sg = await createSignerGroup(t, s.owner, [u!]);
    for (let i = 0; i < 10; i++) await createGroup(t, s.owner, project.id, [sg.id], { name: `Bidder ${i}` });
    const first = await api(t, 'GET', `/projects/dashboard/?project=${project.id}`, s.member);
    expectStatus(first, 200);
    expect(first.body.count).toBe(10);
    expect(first.body.results.map((g: { name: string }) => g.name)).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1].map((i) => `Bidder ${i}`),
    );
    const next = new URL(first.body.next, t.config.appUrl);
    expect(Object.fromEntries(next.searchParams)).toEqual({ project: String(project.id), limit: '9', offset: '9' });
    const second = await api(t, 'GET', `/projects/dashboard/${next.search}`, s.member);
    expect(second.body.results.map((g: { name: string }) => g.name)).toEqual(['Bidder 0']);
    expect(second.body.next).toBeNull();
    expect(
      (await api(t, 'GET', `/projects/dashboard/?project=${project.id}&limit=-1`, s.owner)).body.results,
    ).toHaveLength(10);
  });

  it('shows each recipient’s state: Signed when the NDA is signed, else the last event, else a dash', async () => {
    const res = await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}&limit=-1`, s.owner);
    const a = res.body.results.find((g: { id: number }) => g.id === s.groupA.id);
    expect(a).toMatchObject({
      name: 'Group A',
      allowComments: true,
      inheritNdaFromProject: true,
      unresolvedCommentsCount: 0,
      nda: { isSent: true, isRecalled: false, isSigned: false },
      signerships: [
        {
          signer: {
            id: s.signerA.id,
            email: s.signerA.email,
            company: { name: 'Alpha Capital' },
            firstName: 'Bella',
            lastName: 'Buyer',
          },
          status: 'nda_sent',
          lastEvent: { status: 'nda_sent' },
        },
      ],
    });
    await t.core.db
      .updateTable('ndas')
      .set({ isSigned: true, signedAt: new Date() })
      .where('id', '=', a.nda.id)
      .execute();
    try {
      const signed = await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}&limit=-1`, s.owner);
      expect(signed.body.results.find((g: { id: number }) => g.id === s.groupA.id).signerships[0].status).toBe(
        'Signed',
      );
    } finally {
      await t.core.db.updateTable('ndas').set({ isSigned: false, signedAt: null }).where('id', '=', a.nda.id).execute();
    }
    await t.core.db
      .deleteFrom('events')
      .where('projectBranchId', '=', s.groupB.id)
      .where('subjectId', '=', s.signerB.id)
      .execute();
    const dash = await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}&limit=-1`, s.owner);
    expect(dash.body.results.find((g: { id: number }) => g.id === s.groupB.id).signerships[0]).toMatchObject({
      status: '-',
      lastEvent: null,
    });
  });

  it('is the sending side’s tracker: signers 403, others 404, anonymous 401, a project is required', async () => {
    expectStatus(await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}`, s.signerA), 403);
    expectStatus(await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}`, s.outsider), 404);
    expectStatus(await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}`, s.stranger), 404);
    expectStatus(await api(t, 'GET', `/projects/dashboard/?project=${s.project.id}`, null), 401);
    const missing = await api(t, 'GET', '/projects/dashboard/', s.owner);
    expectStatus(missing, 400);
    expect(Object.keys(missing.body)).toEqual(['project', 'code']);
  });
});

describe('tRPC twins', () => {
  it('run the group calls with the same rules', async () => {
    const h = authHeader(s.owner.access);
    const users = (await trpcMutation(t, 'contacts.resolve', { recipients: [recipient()] }, h)).data.users;
    const sg = await trpcMutation(t, 'groups.createSignerGroup', { name: 'Over tRPC', users }, h);
    expect(sg.data.users).toEqual(users);
    const group = await trpcMutation(
      t,
      'groups.create',
      { name: 'tRPC group', project: s.project.id, signerGroups: [sg.data.id] },
      h,
    );
    expect(group.data).toMatchObject({ name: 'tRPC group', signers: users, inheritNdaFromProject: true });
    const tagged = await trpcMutation(
      t,
      'groups.setSignershipColor',
      { id: group.data.signerships[0].id, colorStatus: 'red' },
      h,
    );
    expect(tagged.data.colorStatus).toBe('red');
    const updated = await trpcMutation(t, 'groups.update', { id: group.data.id, name: 'Renamed' }, h);
    expect(updated.data.name).toBe('Renamed');
    const list = await trpcQuery(t, 'groups.list', { project: s.project.id }, authHeader(s.signerA.access));
    expect(list.data.results.map((g: { id: number }) => g.id)).toEqual([s.groupA.id]);
    const dash = await trpcQuery(t, 'groups.dashboard', { project: s.project.id }, authHeader(s.signerA.access));
    expect(dash.error?.data.httpStatus).toBe(403);
    expect(
      (await trpcQuery(t, 'groups.get', { id: s.groupA.id }, authHeader(s.stranger.access))).error?.data.httpStatus,
    ).toBe(404);
    expect((await trpcQuery(t, 'groups.signerGroups', {}, h)).data.count).toBeGreaterThan(0);
  });
});
