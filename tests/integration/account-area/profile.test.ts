import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call } from '@tests/support/account-area.js';
import { createMember, createOwner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';

// The caller's profile: GET /me/{id}/ and PATCH /me/1/ (JSON) in server/rest/me.ts,
// server/commands/account/update-profile.ts, shared/schemas/account.ts, and the tRPC twin account.updateProfile.

const TOO_LONG = 'Ensure this field has no more than 30 characters.';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([
    createOwner(t),
    createOwner(t, { company_name: 'Other Partners LLP', first_name: 'Oscar' }),
  ]);
  member = await createMember(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const me = (access: string | null, id: number | string = 1) => call(t, 'GET', `/me/${id}/`, { access });
const patchMe = (access: string | null, json: unknown, id: number | string = 1) =>
  call(t, 'PATCH', `/me/${id}/`, { access, json });

describe('GET /me/{id}/', () => {
  it('answers the owner their own profile, camelCase, whatever id the path carries', async () => {
    for (const id of [1, owner.id, member.id, other.id, 999999]) {
      const res = await me(owner.access, id);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(owner.id);
    }
    const { body } = await me(owner.access);
    expect(body).toMatchObject({
      email: owner.email,
      firstName: 'Olivia',
      lastName: 'Owner',
      location: 'London, UK',
      linkedinLink: 'https://www.linkedin.com/in/olivia',
      jobTitle: '',
      company: owner.user.company,
      companyName: 'Owner Holdings Ltd',
      isMember: false,
      role: 'owner',
      avatar: null,
      sign: null,
    });
    expect(typeof body.createdAt).toBe('string');
    expect(body).not.toHaveProperty('passwordHash');
    expect(body).not.toHaveProperty('password_hash');
  });

  it('answers a team member their own profile, in the owner’s company', async () => {
    const res = await me(member.access, owner.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: member.id,
      email: member.email,
      isMember: true,
      role: 'member',
      company: owner.user.company,
    });
  });

  it('answers a user of another company their own profile, never the one named in the path', async () => {
    const res = await me(other.access, owner.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, email: other.email, companyName: 'Other Partners LLP' });
    expect(res.body.company).not.toBe(owner.user.company);
  });

  it('answers 401 to anonymous callers and to a bad token', async () => {
    expect((await me(null)).status).toBe(401);
    expect((await me('not-a-token')).status).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/1/', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /me/1/ (JSON)', () => {
  it('updates the owner’s names, location and LinkedIn URL (snake_case in, camelCase out)', async () => {
    const res = await patchMe(owner.access, {
      first_name: 'Olga',
      last_name: 'Ownerova',
      location: 'Prague, Czechia',
      linkedin_link: 'https://www.linkedin.com/in/olga',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: owner.id,
      firstName: 'Olga',
      lastName: 'Ownerova',
      location: 'Prague, Czechia',
      linkedinLink: 'https://www.linkedin.com/in/olga',
    });
    expect((await me(owner.access)).body).toMatchObject({
      firstName: 'Olga',
      lastName: 'Ownerova',
      location: 'Prague, Czechia',
    });
  });

  it('changes only the fields sent, trims them, and accepts an emptied LinkedIn URL', async () => {
    const res = await patchMe(owner.access, { location: '  Brno  ', linkedin_link: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Olga', lastName: 'Ownerova', location: 'Brno', linkedinLink: '' });
  });

  it('sets, trims and clears the optional job title (job_title in, jobTitle out)', async () => {
    const set = await patchMe(owner.access, { job_title: '  Managing Partner ' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ firstName: 'Olga', jobTitle: 'Managing Partner' });
    expect((await me(owner.access)).body.jobTitle).toBe('Managing Partner');
    // Another update leaves it alone; an empty one clears it.
    expect((await patchMe(owner.access, { location: 'Brno' })).body.jobTitle).toBe('Managing Partner');
    expect((await patchMe(owner.access, { job_title: '' })).body.jobTitle).toBe('');
    expect((await me(owner.access)).body.jobTitle).toBe('');
  });

  it('refuses a job title over 100 characters or on several lines, keyed jobTitle', async () => {
    const long = await patchMe(owner.access, { job_title: 'j'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      jobTitle: ['Ensure this field has no more than 100 characters.'],
      code: 'invalid_input',
    });
    const lines = await patchMe(owner.access, { job_title: 'Partner\nand counsel' });
    expect(lines.status).toBe(400);
    expect(lines.body).toEqual({
      jobTitle: ['Enter the job title on one line, as plain text.'],
      code: 'invalid_input',
    });
    expect((await patchMe(owner.access, { job_title: 42 })).status).toBe(400);
    expect((await patchMe(owner.access, { job_title: 'j'.repeat(100) })).body.jobTitle).toBe('j'.repeat(100));
    expect((await patchMe(owner.access, { job_title: '' })).status).toBe(200);
  });

  it('lets a team member edit their own profile', async () => {
    const res = await patchMe(member.access, { first_name: 'Mia', last_name: 'Member' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, firstName: 'Mia', lastName: 'Member', isMember: true });
  });

  it('changes only the caller: another company’s user patching /me/{owner id}/ edits themselves', async () => {
    const before = (await me(owner.access)).body;
    const res = await patchMe(other.access, { first_name: 'Intruder' }, owner.id);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(other.id);
    expect(res.body.firstName).toBe('Intruder');
    expect((await me(owner.access)).body).toEqual(before);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await patchMe(null, { first_name: 'Anon' });
    expect(res.status).toBe(401);
  });

  it('refuses names over 30 characters, with the field message', async () => {
    const before = (await me(owner.access)).body;
    const res = await patchMe(owner.access, { first_name: 'x'.repeat(31), last_name: 'y'.repeat(31) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ firstName: [TOO_LONG], lastName: [TOO_LONG], code: 'invalid_input' });
    expect((await patchMe(owner.access, { first_name: 'x'.repeat(30) })).status).toBe(200);
    await patchMe(owner.access, { first_name: before.firstName });
  });

  it('refuses an empty or blank first or last name', async () => {
    for (const first_name of ['', '   ']) {
      const res = await patchMe(owner.access, { first_name });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ firstName: ['First name is required'], code: 'invalid_input' });
    }
    const last = await patchMe(owner.access, { last_name: '' });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ lastName: ['Last name is required'], code: 'invalid_input' });
  });

  it('refuses a LinkedIn link that is not a URL, and a location over 512 characters', async () => {
    const bad = await patchMe(owner.access, { linkedin_link: 'linkedin dot com slash me' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ linkedinLink: ['Enter a valid URL'], code: 'invalid_input' });
    const far = await patchMe(owner.access, { location: 'l'.repeat(513) });
    expect(far.status).toBe(400);
    expect(far.body).toEqual({
      location: ['Ensure this field has no more than 512 characters.'],
      code: 'invalid_input',
    });
  });

  it('refuses wrong types without a 500', async () => {
    const res = await patchMe(owner.access, { first_name: 42, location: null });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'firstName', 'location']);
  });

  it('leaves the profile unchanged after a refused update', async () => {
    const before = (await me(owner.access)).body;
    await patchMe(owner.access, { first_name: 'Valid', last_name: '' });
    expect((await me(owner.access)).body).toEqual(before);
  });

  it('ignores fields a profile update may not touch (email, role, company)', async () => {
    const res = await patchMe(member.access, {
      email: 'takeover@example.com',
      role: 'owner',
      company: other.user.company,
      is_member: false,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: member.email,
      role: 'member',
      isMember: true,
      company: owner.user.company,
    });
  });
});

describe('tRPC account.me and account.updateProfile', () => {
  it('updates the caller’s profile', async () => {
    const res = await trpcMutation(
      t,
      'account.updateProfile',
      { firstName: 'Trpc', location: 'Oslo', jobTitle: 'Associate Director' },
      authHeader(member.access),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: member.id,
      firstName: 'Trpc',
      lastName: 'Member',
      location: 'Oslo',
      jobTitle: 'Associate Director',
    });
    const mine = await trpcQuery(t, 'account.me', undefined, authHeader(member.access));
    expect(mine.data).toMatchObject({ id: member.id, firstName: 'Trpc', jobTitle: 'Associate Director' });
  });

  it('answers the same field errors as REST', async () => {
    const res = await trpcMutation(t, 'account.updateProfile', { firstName: 'z'.repeat(31) }, authHeader(owner.access));
    expect(res.status).toBe(400);
    expect(res.error!.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, body: { firstName: [TOO_LONG] } });
    expect(res.error!.message).toBe(TOO_LONG);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await trpcMutation(t, 'account.updateProfile', { firstName: 'Anon' });
    expect(res.status).toBe(401);
    expect(res.error!.data.code).toBe('UNAUTHORIZED');
    expect((await trpcQuery(t, 'account.me')).status).toBe(401);
  });
});
