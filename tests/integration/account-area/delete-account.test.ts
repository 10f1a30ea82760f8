import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import {
  call,
  imagePart,
  memberInvitationLink,
  pngBytes,
  saveSignature,
  setExtraMembers,
  teamRows,
} from '@tests/support/account-area.js';
import {
  createMember,
  createOwner,
  createSigner,
  invitationPayload,
  PASSWORD,
  type TestUser,
  uniqueEmail,
} from '@tests/support/factories.js';
import { authHeader, post, trpcMutation } from '@tests/support/http.js';

// POST /me/delete-my-account/ (server/rest/me.ts, server/commands/account/delete-account.ts, deactivate-user.ts)
// and the tRPC twin account.deleteAccount.

let t: TestApp;

beforeAll(async () => {
  // Login checks here try the same e-mails more often than the default limit allows.
  t = await startTestApp({ rateLimit: { perEmail: 1000, perIp: 100_000, windowMs: 60_000 } });
});
afterAll(async () => {
  await t?.close();
});

const deleteMe = (user: { access: string } | null, json: unknown) =>
  call(t, 'POST', '/me/delete-my-account/', { access: user?.access ?? null, json });
const me = (user: { access: string }) => call(t, 'GET', '/me/1/', { access: user.access });
const login = (email: string, password = PASSWORD) => post(t, '/authentication/login/', { email, password });
const refresh = (user: { refresh: string }) => post(t, '/authentication/token/refresh/', { refresh: user.refresh });

/** The user can no longer sign in, and neither their access nor their refresh token works. */
async function expectLockedOut(user: TestUser) {
  expect((await me(user)).status, `access of ${user.email}`).toBe(401);
  expect((await refresh(user)).status, `refresh of ${user.email}`).toBe(401);
  const res = await login(user.email, user.password);
  expect(res.status, `login of ${user.email}`).toBe(400);
  expect(res.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' });
}

async function expectAlive(user: TestUser) {
  expect((await me(user)).status, `access of ${user.email}`).toBe(200);
  expect((await login(user.email, user.password)).status, `login of ${user.email}`).toBe(200);
}

describe('POST /me/delete-my-account/: refusals', () => {
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([createOwner(t), createOwner(t)]);
    member = await createMember(t, owner);
  });

  it('needs the password: "Please enter your password"', async () => {
    for (const json of [{}, { password: '' }, undefined]) {
      const res = await deleteMe(owner, json);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ password: ['Please enter your password'], code: 'invalid_input' });
    }
  });

  it('refuses a wrong password on the password field, for an owner, a member and another company’s user', async () => {
    for (const user of [owner, member, other]) {
      const res = await deleteMe(user, { password: 'wrong-password-1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword], code: 'wrong_password' });
    }
    // Another user's password does not delete you either.
    expect((await deleteMe(member, { password: 'not-' + PASSWORD })).status).toBe(400);
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await deleteMe(null, { password: PASSWORD });
    expect(res.status).toBe(401);
  });

  it('leaves everyone intact after refusals', async () => {
    for (const user of [owner, member, other]) await expectAlive(user);
  });
});

describe('an owner deletes their account', () => {
  let owner: TestUser;
  let members: TestUser[];
  let pendingEmail: string;
  let other: TestUser;
  let otherMember: TestUser;
  let otherBefore: { me: unknown; company: unknown; members: unknown };

  beforeAll(async () => {
    [owner, other] = await Promise.all([
      createOwner(t, { company_name: 'Closing Down Ltd' }),
      createOwner(t, { company_name: 'Going Strong Ltd' }),
    ]);
    members = await Promise.all([createMember(t, owner), createMember(t, owner)]);
    otherMember = await createMember(t, other);
    // A pending invitation, sent through the API, and images that must go with the account.
    await saveSignature(t, owner);
    await setExtraMembers(t, owner.user.company!, 5);
    pendingEmail = uniqueEmail('pending');
    expect((await call(t, 'POST', '/members/', { access: owner.access, json: { email: pendingEmail } })).status).toBe(
      201,
    );
    expect(
      (await call(t, 'PATCH', '/me/1/', { access: owner.access, form: [imagePart('avatar', pngBytes())] })).status,
    ).toBe(200);
    await saveSignature(t, other);
    otherBefore = {
      me: (await me(other)).body,
      company: (await call(t, 'GET', '/company/', { access: other.access })).body,
      members: (await call(t, 'GET', '/members/?is_deleted=False', { access: other.access })).body,
    };
  });

  it('answers 200 with the right password', async () => {
    const res = await deleteMe(owner, { password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('ends the owner’s access: tokens refused, login refused', async () => {
    await expectLockedOut(owner);
  });

  it('ends every team member’s access too', async () => {
    for (const m of members) await expectLockedOut(m);
    expect(await teamRows(t, owner.user.company!)).toEqual([]);
  });

  it('voids pending invitations of the company', async () => {
    const link = await memberInvitationLink(t, pendingEmail);
    const res = await post(t, '/registration/member_invitation_confirm/', invitationPayload(link));
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('token');
  });

  it('removes personal data and images', async () => {
    const row = await t.core.db.selectFrom('users').selectAll().where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      isDeleted: true,
      isActive: false,
      passwordHash: null,
      firstName: '',
      lastName: '',
      avatarKey: null,
      signKey: null,
    });
    expect(row.email).not.toBe(owner.email);
  });

  it('frees the e-mail: it can register again as a new account, and so can a former member’s', async () => {
    const again = await createOwner(t, { email: owner.email, company_name: 'Fresh Start Ltd' });
    expect(again.id).not.toBe(owner.id);
    expect(again.user).toMatchObject({ email: owner.email, companyName: 'Fresh Start Ltd', sign: null, avatar: null });
    expect((await call(t, 'GET', '/members/?is_deleted=False', { access: again.access })).body.count).toBe(0);
    const reused = await post(t, '/registration/', {
      email: members[0]!.email,
      password1: PASSWORD,
      password2: PASSWORD,
      first_name: 'Re',
      last_name: 'Used',
      location: 'Rome',
      company_name: 'Reused SpA',
    });
    expect(reused.status, JSON.stringify(reused.body)).toBe(201);
  });

  it('leaves another company’s owner, members and data untouched', async () => {
    await expectAlive(other);
    await expectAlive(otherMember);
    expect((await me(other)).body).toEqual(otherBefore.me);
    expect((await call(t, 'GET', '/company/', { access: other.access })).body).toEqual(otherBefore.company);
    expect((await call(t, 'GET', '/members/?is_deleted=False', { access: other.access })).body).toEqual(
      otherBefore.members,
    );
    expect((await call(t, 'GET', '/me/get_my_sign/', { access: other.access })).status).toBe(200);
  });
});

describe('a team member deletes their own account', () => {
  let owner: TestUser;
  let member: TestUser;
  let colleague: TestUser;

  beforeAll(async () => {
    owner = await createOwner(t);
    [member, colleague] = await Promise.all([createMember(t, owner), createMember(t, owner)]);
  });

  it('deletes only the member; the owner and the colleague stay', async () => {
    const res = await deleteMe(member, { password: PASSWORD });
    expect(res.status).toBe(200);
    await expectLockedOut(member);
    await expectAlive(owner);
    await expectAlive(colleague);
    const list = await call(t, 'GET', '/members/?is_deleted=False', { access: owner.access });
    expect(list.body.results.map((m: { id: number }) => m.id)).toEqual([colleague.id]);
    const company = await call(t, 'GET', '/company/', { access: owner.access });
    expect(company.body.results[0]).toMatchObject({ id: owner.user.company, owner: owner.id });
  });
});

describe('a signer deletes their own account', () => {
  it('deletes only the signer; the inviting owner stays', async () => {
    const owner = await createOwner(t);
    const signer = await createSigner(t, owner);
    expect((await deleteMe(signer, { password: PASSWORD })).status).toBe(200);
    await expectLockedOut(signer);
    await expectAlive(owner);
  });
});

describe('tRPC account.deleteAccount', () => {
  it('deletes the caller with the right password, and answers the password field error otherwise', async () => {
    const owner = await createOwner(t);
    const member = await createMember(t, owner);
    const wrong = await trpcMutation(t, 'account.deleteAccount', { password: 'nope-nope' }, authHeader(member.access));
    expect(wrong.status).toBe(400);
    expect(wrong.error!.data.body).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword], code: 'wrong_password' });
    const missing = await trpcMutation(t, 'account.deleteAccount', {}, authHeader(member.access));
    expect(missing.error!.data.body).toEqual({ password: ['Please enter your password'], code: 'invalid_input' });
    expect((await trpcMutation(t, 'account.deleteAccount', { password: PASSWORD })).status).toBe(401);

    const ok = await trpcMutation(t, 'account.deleteAccount', { password: PASSWORD }, authHeader(member.access));
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ detail: expect.any(String) });
    await expectLockedOut(member);
    await expectAlive(owner);
  });
});
