import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_CSV_TEMPLATE } from '@shared/csv.js';
import { CONTACT_MESSAGES } from '@shared/schemas/contacts.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { fixture } from '@tests/support/account-area.js';
import { createSigner, uniqueEmail } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { api, createScene, expectStatus, recipient, type Scene } from '@tests/support/projects.js';

// My Network (/contacts/), recipients typed on the recipients page (POST /projects/contacts/resolve/),
// the buyers list CSV (POST /projects/upload_contact/{projectId}/, GET /projects/upload_contact/template/)
// (server/rest/contacts.ts, commands/contacts/*, queries/contacts/*, policies/contact.ts, shared/csv.ts).

let t: TestApp;
let s: Scene;

beforeAll(async () => {
  t = await startTestApp();
  s = await createScene(t);
});
afterAll(async () => {
  await t?.close();
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('contact'),
  first_name: 'Carla',
  last_name: 'Contact',
  ...overrides,
});
const csvPart = (text: string | Buffer, filename = 'buyers.csv', contentType = 'text/csv') => ({
  name: 'file',
  file: { filename, contentType, body: typeof text === 'string' ? Buffer.from(text, 'utf8') : text },
});
const upload = (who: Parameters<typeof api>[3], text: string | Buffer, filename?: string, projectId = s.project.id) =>
  api(t, 'POST', `/projects/upload_contact/${projectId}/`, who, { form: [csvPart(text, filename)] });
const contactRow = (email: string) =>
  t.core.db
    .selectFrom('contacts')
    .selectAll()
    .where('companyId', '=', s.owner.user.company!)
    .where('email', '=', email)
    .executeTakeFirst();

describe('/contacts/', () => {
  it('adds a contact and lists it to the whole team, not to other companies', async () => {
    const payload = contact({ first_name: 'Ada', last_name: 'Zed' });
    const res = await api(t, 'POST', '/contacts/', s.owner, { json: payload });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Zed',
      email: payload.email,
      user: { pk: expect.any(Number), email: payload.email },
      companyName: '',
    });
    for (const who of [s.owner, s.member, s.outsider]) {
      const list = await api(t, 'GET', '/contacts/?limit=-1', who);
      expectStatus(list, 200);
      expect(list.body.results.map((c: { id: number }) => c.id)).toContain(res.body.id);
    }
    const other = await api(t, 'GET', '/contacts/', s.stranger);
    expectStatus(other, 200);
    expect(other.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('links a contact to the account behind its e-mail', async () => {
    const res = await api(t, 'POST', '/contacts/', s.owner, {
      json: contact({ email: s.stranger.email.toUpperCase() }),
    });
    expectStatus(res, 201);
    expect(res.body.email).toBe(s.stranger.email);
    expect(res.body.user).toEqual({ pk: s.stranger.id, email: s.stranger.email });
  });

  it('answers the same shape whether or not the e-mail has an account, and the contact can join a signer group', async () => {
    const person = await createSigner(t, s.stranger, 'Known Capital');
    const known = await api(t, 'POST', '/contacts/', s.owner, { json: contact({ email: person.email }) });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await api(t, 'POST', '/contacts/', s.owner, { json: contact({ email: unknownEmail }) });
    expectStatus(known, 201);
    expectStatus(unknown, 201);
    const shape = (body: Record<string, unknown>) =>
      JSON.stringify(body, (_k, v: unknown) => (v === null || typeof v === 'object' ? v : typeof v));
    expect(shape(unknown.body)).toBe(shape(known.body));
    expect(unknown.body.user).toEqual({ pk: expect.any(Number), email: unknownEmail });

    // The account is invited, not registered, and nothing was e-mailed to it.
    const account = await t.core.db
      .selectFrom('users')
      .select(['passwordHash', 'role', 'companyId', 'firstName'])
      .where('id', '=', unknown.body.user.pk)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ passwordHash: null, role: 'signer', companyId: null, firstName: 'Carla' });
    const mails = await t.core.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('toAddress', '=', unknownEmail)
      .execute();
    expect(mails).toEqual([]);

    // A REST client puts any contact in a signer group, and that group in a project's group.
    const group = await api(t, 'POST', '/projects/signers_group/', s.owner, {
      json: { name: 'From my network', users: [unknown.body.user.pk, known.body.user.pk] },
    });
    expectStatus(group, 201);
    const branch = await api(t, 'POST', '/projects/project_branches/', s.owner, {
      json: {
        name: 'Network buyers',
        project: s.project.id,
        signer_groups: [group.body.id],
        allow_comments: true,
        send_teaser: false,
        inherit_nda_from_project: true,
      },
    });
    expectStatus(branch, 201);
  });

  it('gives a contact whose e-mail changes to one nobody registered an invited account', async () => {
    const created = (await api(t, 'POST', '/contacts/', s.owner, { json: contact() })).body;
    const email = uniqueEmail('moved');
    const moved = await api(t, 'PATCH', `/contacts/${created.id}/`, s.owner, { json: { email } });
    expectStatus(moved, 200);
    expect(moved.body.user).toEqual({ pk: expect.any(Number), email });
    expect(moved.body.user.pk).not.toBe(created.user.pk);
  });

  it('needs first name, last name and a valid e-mail', async () => {
    const missing = await api(t, 'POST', '/contacts/', s.owner, { json: { email: 'not-an-email' } });
    expectStatus(missing, 400);
    expect(missing.body).toEqual({
      email: ['Invalid email format'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      code: 'invalid_input',
    });
  });

  it('refuses a duplicate e-mail in the company (any case) and the issuing team’s e-mails', async () => {
    const payload = contact();
    expectStatus(await api(t, 'POST', '/contacts/', s.owner, { json: payload }), 201);
    const dup = await api(t, 'POST', '/contacts/', s.member, {
      json: { ...payload, email: payload.email.toUpperCase() },
    });
    expectStatus(dup, 400);
    expect(dup.body).toEqual({ email: [CONTACT_MESSAGES.duplicate], code: 'contact_duplicate' });
    // Another company may have the same person.
    expectStatus(await api(t, 'POST', '/contacts/', s.stranger, { json: payload }), 201);
    for (const email of [s.member.email, s.owner.email, s.outsider.email]) {
      const team = await api(t, 'POST', '/contacts/', s.owner, { json: contact({ email }) });
      expectStatus(team, 400);
      expect(team.body).toEqual({ email: [CONTACT_MESSAGES.teamMember], code: 'contact_is_team_member' });
    }
  });

  it('edits and deletes a contact of the company only', async () => {
    const created = (await api(t, 'POST', '/contacts/', s.owner, { json: contact() })).body;
    const other = (await api(t, 'POST', '/contacts/', s.owner, { json: contact() })).body;
    const path = `/contacts/${created.id}/`;
    const edited = await api(t, 'PATCH', path, s.member, { json: { first_name: 'Renamed' } });
    expectStatus(edited, 200);
    expect(edited.body).toMatchObject({
      id: created.id,
      firstName: 'Renamed',
      lastName: 'Contact',
      email: created.email,
    });
    const person = await createSigner(t, s.stranger, 'Third Party LLP');
    const moved = await api(t, 'PATCH', path, s.owner, { json: { email: person.email } });
    expect(moved.body.user).toEqual({ pk: person.id, email: person.email });
    expect((await api(t, 'PATCH', path, s.owner, { json: { email: other.email } })).body).toEqual({
      email: [CONTACT_MESSAGES.duplicate],
      code: 'contact_duplicate',
    });
    expect((await api(t, 'PATCH', path, s.owner, { json: { email: s.member.email } })).body).toEqual({
      email: [CONTACT_MESSAGES.teamMember],
      code: 'contact_is_team_member',
    });
    expectStatus(await api(t, 'PATCH', path, s.owner, { json: { email: 'bad' } }), 400);
    expectStatus(await api(t, 'PATCH', path, s.owner, { json: { last_name: '' } }), 400);

    for (const who of [s.stranger, s.signerA]) {
      expectStatus(await api(t, 'PATCH', path, who, { json: { first_name: 'X' } }), 404);
      expectStatus(await api(t, 'DELETE', path, who), 404);
    }
    expectStatus(await api(t, 'PATCH', path, null, { json: { first_name: 'X' } }), 401);
    expectStatus(await api(t, 'DELETE', path, s.owner), 204);
    expectStatus(await api(t, 'DELETE', path, s.owner), 404);
    expectStatus(await api(t, 'PATCH', '/contacts/99999999/', s.owner, { json: { first_name: 'X' } }), 404);
  });

  it('pages, searches, and is the sending side’s: signers 403, anonymous 401', async () => {
    const page = await api(t, 'GET', '/contacts/?limit=1', s.owner);
    expect(page.body.results).toHaveLength(1);
    expect(page.body.count).toBeGreaterThan(1);
    expect(new URL(page.body.next, t.config.appUrl).searchParams.get('offset')).toBe('1');
    // By last name, in capitals: 'Zed' cannot occur in the other contacts' random hexadecimal e-mails.
    const found = await api(t, 'GET', '/contacts/?search=ZED', s.owner);
    expect(found.body.results.map((c: { firstName: string }) => c.firstName)).toEqual(['Ada']);
    expectStatus(await api(t, 'GET', '/contacts/', s.signerA), 403);
    expectStatus(await api(t, 'POST', '/contacts/', s.signerA, { json: contact() }), 403);
    expectStatus(await api(t, 'GET', '/contacts/', null), 401);
  });
});

describe('POST /projects/contacts/resolve/', () => {
  it('turns typed recipients into contacts and invited accounts, without sending any e-mail', async () => {
    const rows = [recipient('new-a', 'Nina', 'New'), recipient('new-b', 'Noah', 'New')];
    const outboxBefore = await t.core.db.selectFrom('outboxEmails').select('id').execute();
    const res = await api(t, 'POST', '/projects/contacts/resolve/', s.member, {
      json: {
        recipients: rows.map((r) => ({ first_name: r.firstName, last_name: r.lastName, email: r.email.toUpperCase() })),
      },
    });
    expectStatus(res, 200);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.contacts.map((c: { email: string; user: { pk: number } }) => [c.email, c.user.pk])).toEqual(
      rows.map((r, i) => [r.email, res.body.users[i]]),
    );
    const users = await t.core.db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', res.body.users)
      .orderBy('id')
      .execute();
    for (const u of users)
      expect(u).toMatchObject({
        role: 'signer',
        passwordHash: null,
        companyId: null,
        isActive: false,
        invitedById: s.member.id,
      });
    expect(users.map((u) => u.firstName)).toEqual(['Nina', 'Noah']);
    expect(await t.core.db.selectFrom('outboxEmails').select('id').execute()).toHaveLength(outboxBefore.length);

    // Resolving again finds the same accounts and contacts.
    const again = await api(t, 'POST', '/projects/contacts/resolve/', s.owner, { json: { recipients: rows } });
    expect(again.body.users).toEqual(res.body.users);
    expect(again.body.contacts.map((c: { id: number }) => c.id)).toEqual(
      res.body.contacts.map((c: { id: number }) => c.id),
    );
  });

  it('uses the existing account of a registered person and links an existing contact to it', async () => {
    const person = await createSigner(t, s.stranger, 'Fourth Party LLP');
    const existing = (await api(t, 'POST', '/contacts/', s.owner, { json: contact({ email: person.email }) })).body;
    const res = await api(t, 'POST', '/projects/contacts/resolve/', s.owner, {
      json: { recipients: [{ firstName: 'B', lastName: 'B', email: person.email }] },
    });
    expectStatus(res, 200);
    expect(res.body.users).toEqual([person.id]);
    expect(res.body.contacts[0].id).toBe(existing.id);
  });

  it('refuses team e-mails, duplicates, invalid rows and an empty list', async () => {
    const team = await api(t, 'POST', '/projects/contacts/resolve/', s.owner, {
      json: { recipients: [recipient(), { firstName: 'M', lastName: 'M', email: s.member.email }] },
    });
    expectStatus(team, 400);
    expect(team.body).toEqual({ email: [CONTACT_MESSAGES.teamMember], code: 'contact_is_team_member' });
    const r = recipient();
    const dup = await api(t, 'POST', '/projects/contacts/resolve/', s.owner, {
      json: { recipients: [r, { ...r, email: r.email.toUpperCase() }] },
    });
    expect(dup.body).toEqual({ recipients: [CONTACT_MESSAGES.alreadyAdded], code: 'invalid_input' });
    const bad = await api(t, 'POST', '/projects/contacts/resolve/', s.owner, {
      json: { recipients: [{ firstName: '', lastName: 'X', email: 'nope' }] },
    });
    expectStatus(bad, 400);
    expect(bad.body.recipients).toEqual(expect.arrayContaining(['Invalid email format', 'First name is required']));
    expectStatus(await api(t, 'POST', '/projects/contacts/resolve/', s.owner, { json: { recipients: [] } }), 400);
    expectStatus(await api(t, 'POST', '/projects/contacts/resolve/', s.owner, { json: {} }), 400);
    expectStatus(
      await api(t, 'POST', '/projects/contacts/resolve/', s.signerA, { json: { recipients: [recipient()] } }),
      403,
    );
    expectStatus(
      await api(t, 'POST', '/projects/contacts/resolve/', null, { json: { recipients: [recipient()] } }),
      401,
    );
  });
});

describe('buyers list CSV', () => {
  it('serves the template CSV as an attachment that the upload accepts', async () => {
    const res = await api(t, 'GET', '/projects/upload_contact/template/', s.owner);
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(res.raw.toString('utf8')).toBe(CONTACT_CSV_TEMPLATE);
    expectStatus(await api(t, 'GET', '/projects/upload_contact/template/', null), 401);
    expectStatus(await api(t, 'GET', '/projects/upload_contact/template/', s.signerA), 403);
    const uploaded = await upload(s.owner, res.raw.toString('utf8'));
    expectStatus(uploaded, 200);
    expect(uploaded.body.errors).toEqual([]);
  });

  it('creates contacts from good rows and reports bad rows with their numbers and reasons', async () => {
    const existing = (await api(t, 'POST', '/contacts/', s.owner, { json: contact() })).body;
    const good1 = uniqueEmail('csv');
    const good2 = uniqueEmail('csv');
    const text = [
      'First name,Last name,Email', // row 1
      `Gina,Good,${good1}`, // 2
      `Lou,,${uniqueEmail('csv')}`, // 3: no last name
      'Ian,Invalid,not-an-email', // 4
      `Tom,Team,${s.member.email}`, // 5: the issuing team
      `Eve,Existing,${existing.email.toUpperCase()}`, // 6: already a contact: kept, skipped
      '', // 7: blank, ignored
      `"Doe, Jr.","O""Brien",${good2}`, // 8: quoted fields
      `Gina,Again,${good1}`, // 9: repeated in the file
    ].join('\r\n');
    const res = await upload(s.member, text);
    expectStatus(res, 200);
    expect(res.body).toEqual({
      detail: CONTACT_MESSAGES.csvUploaded,
      created: 2,
      skipped: 1,
      errors: [
        { row: 3, message: 'Last name is required' },
        { row: 4, message: 'Invalid email format' },
        { row: 5, message: CONTACT_MESSAGES.teamMember },
        { row: 9, message: CONTACT_MESSAGES.csvAlreadyInFile },
      ],
    });
    expect(await contactRow(good1)).toMatchObject({ firstName: 'Gina', lastName: 'Good', userId: expect.any(Number) });
    expect(await contactRow(good2)).toMatchObject({ firstName: 'Doe, Jr.', lastName: 'O"Brien' });
    expect(await contactRow(existing.email)).toMatchObject({ firstName: 'Carla', lastName: 'Contact' });
  });

  it('accepts snake_case headings in any order, semicolons, a BOM and Windows-1252 text', async () => {
    const email = uniqueEmail('csv');
    const res = await upload(s.owner, `\uFEFFemail;last_name;first_name\n${email};Müller;Zoë\n`);
    expect(res.body).toMatchObject({ created: 1, skipped: 0, errors: [] });
    const email2 = uniqueEmail('latin');
    const latin = Buffer.concat([
      Buffer.from(`first_name,last_name,email\r\n`),
      Buffer.from([0x5a, 0x6f, 0xeb]),
      Buffer.from(`,Smith,${email2}\r\n`),
    ]);
    expect((await upload(s.owner, latin)).body).toMatchObject({ created: 1 });
    expect(await contactRow(email2)).toMatchObject({ firstName: 'Zoë' });
  });

  it('refuses a file that is not a CSV, is empty, has no contacts or misses columns (400 on file)', async () => {
    const cases: Array<[string | Buffer, string, string]> = [
      [fixture('pdfs/normal.pdf'), 'buyers.csv', CONTACT_MESSAGES.csvNotCsv],
      ['first_name,last_name,email\nA,B,a@b.co\n', 'buyers.txt', CONTACT_MESSAGES.csvNotCsv],
      ['', 'buyers.csv', CONTACT_MESSAGES.csvEmpty],
      ['first_name,last_name,email\r\n', 'buyers.csv', CONTACT_MESSAGES.csvEmpty],
      ['name,email\nAnn,a@b.co\n', 'buyers.csv', CONTACT_MESSAGES.csvColumns],
    ];
    for (const [body, filename, message] of cases) {
      const res = await upload(s.owner, body, filename);
      expectStatus(res, 400);
      expect(res.body).toEqual({ file: [message], code: 'upload_invalid' });
    }
    const broken = await upload(s.owner, 'first_name,last_name,email\n"Ann,B,a@b.co\n');
    expectStatus(broken, 400);
    expect(broken.body.file[0]).toMatch(/never closed/);
    const none = await api(t, 'POST', `/projects/upload_contact/${s.project.id}/`, s.owner, {
      form: [{ name: 'note', value: 'no file' }],
    });
    expect(none.body).toEqual({ file: [CONTACT_MESSAGES.csvRequired], code: 'upload_invalid' });
    const json = await api(t, 'POST', `/projects/upload_contact/${s.project.id}/`, s.owner, { json: {} });
    expect(json.body).toEqual({ file: [CONTACT_MESSAGES.csvRequired], code: 'upload_invalid' });
  });

  it('is for the project’s managers: signers 403, others 404, anonymous 401', async () => {
    const text = `first_name,last_name,email\nA,B,${uniqueEmail('csv')}\n`;
    expectStatus(await upload(s.signerA, text), 403);
    expectStatus(await upload(s.outsider, text), 404);
    expectStatus(await upload(s.stranger, text), 404);
    expectStatus(await upload(null, text), 401);
    expectStatus(await upload(s.owner, text, 'buyers.csv', 99999999), 404);
  });
});

describe('tRPC twins', () => {
  it('lists, creates, updates, deletes and resolves contacts', async () => {
    const h = authHeader(s.owner.access);
    const created = await trpcMutation(
      t,
      'contacts.create',
      { email: uniqueEmail('trpc'), firstName: 'T', lastName: 'R' },
      h,
    );
    expect(created.data).toMatchObject({ firstName: 'T' });
    const dup = await trpcMutation(
      t,
      'contacts.create',
      { email: created.data.email, firstName: 'T', lastName: 'R' },
      h,
    );
    expect(dup.error?.data.body).toEqual({ email: [CONTACT_MESSAGES.duplicate], code: 'contact_duplicate' });
    const updated = await trpcMutation(t, 'contacts.update', { id: created.data.id, lastName: 'Renamed' }, h);
    expect(updated.data.lastName).toBe('Renamed');
    const list = await trpcQuery(t, 'contacts.list', { search: created.data.email }, h);
    expect(list.data.results.map((c: { id: number }) => c.id)).toEqual([created.data.id]);
    const resolved = await trpcMutation(t, 'contacts.resolve', { recipients: [recipient()] }, h);
    expect(resolved.data.users).toHaveLength(1);
    expect(
      (await trpcMutation(t, 'contacts.delete', { id: created.data.id }, authHeader(s.stranger.access))).error?.data
        .httpStatus,
    ).toBe(404);
    expect((await trpcMutation(t, 'contacts.delete', { id: created.data.id }, h)).data).toEqual({
      detail: 'Contact deleted.',
    });
    expect((await trpcQuery(t, 'contacts.list', {}, authHeader(s.signerA.access))).error?.data.httpStatus).toBe(403);
  });
});
