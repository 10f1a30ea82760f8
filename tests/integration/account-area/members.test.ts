import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import {
  call,
  mailCount,
  memberInvitationLink,
  saveSignature,
  setExtraMembers,
  teamRows,
} from '@tests/support/account-area.js';
import {
  createMember,
  createOwner,
  createSigner,
  invitationPayload,
  latestMail,
  loginAs,
  type TestUser,
  uniqueEmail,
} from '@tests/support/factories.js';
import { authHeader, post, trpcMutation, trpcQuery } from '@tests/support/http.js';

// Team members: GET/POST /members/, DELETE /members/{id}/ (server/rest/members.ts, server/commands/members/invite-member.ts,
// remove-member.ts, server/commands/auth/create-invitation.ts, server/queries/members/list-members.ts, shared/billing.ts,
// presenters/member.ts) and the tRPC twins members.list / invite / remove.

const MEMBER_KEYS = ['avatar', 'email', 'firstName', 'id', 'isActive', 'lastName', 'projectsCount'];

let t: TestApp;
let owner: TestUser; // signature saved, five extra seats
let member: TestUser; // a registered team member of owner's company
let other: TestUser; // owner of another company, signature saved, one extra seat
let otherMember: TestUser;
let signer: TestUser;
let unsigned: TestUser; // an owner without a signature

beforeAll(async () => {
  // Login checks here try the same e-mails more often than the default limit allows.
  t = await startTestApp({ rateLimit: { perEmail: 1000, perIp: 100_000, windowMs: 60_000 } });
  [owner, other, unsigned] = await Promise.all([
    createOwner(t, { company_name: 'Acme Advisory Ltd', first_name: 'Alice', last_name: 'Adams' }),
    createOwner(t, { company_name: 'Rival Capital LLP' }),
    createOwner(t),
  ]);
  await Promise.all([
    saveSignature(t, owner),
    saveSignature(t, other),
    setExtraMembers(t, owner.user.company!, 5),
    setExtraMembers(t, other.user.company!, 1),
  ]);
  [member, otherMember, signer] = await Promise.all([
    createMember(t, owner),
    createMember(t, other),
    createSigner(t, owner),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const list = (user: TestUser | null) => call(t, 'GET', '/members/?is_deleted=False', { access: user?.access ?? null });
const inviteAs = (user: TestUser | null, email: unknown) =>
  call(t, 'POST', '/members/', { access: user?.access ?? null, json: { email } });
const remove = (user: TestUser | null, id: number | string) =>
  call(t, 'DELETE', `/members/${id}/`, { access: user?.access ?? null });
const onboarding = (user: TestUser) => call(t, 'GET', '/onboarding/', { access: user.access });
const companyOf = (user: TestUser) => user.user.company!;

/** A fresh owner with a saved signature and the given extra seats. */
async function signedOwner(extraSeats: number): Promise<TestUser> {
  const o = await createOwner(t);
  await saveSignature(t, o);
  await setExtraMembers(t, companyOf(o), extraSeats);
  return o;
}

/** Registers an invited member through the link of their newest invitation mail, then signs in. */
async function acceptInvitation(email: string, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const link = await memberInvitationLink(t, email);
  const res = await post(t, '/registration/member_invitation_confirm/', invitationPayload(link, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await loginAs(t, email);
  return { ...session, id: session.user.id, email, password: 'correct-horse-42' };
}

describe('GET /members/?is_deleted=False', () => {
  it('answers the owner their team as one page of members', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ next: null, previous: null });
    expect(res.body.count).toBe(res.body.results.length);
    const mine = res.body.results.find((m: { id: number }) => m.id === member.id);
    expect(Object.keys(mine).sort()).toEqual(MEMBER_KEYS);
    expect(mine).toEqual({
      id: member.id,
      email: member.email,
      firstName: 'Ivan',
      lastName: 'Invited',
      avatar: null,
      projectsCount: 0,
      isActive: true,
    });
    expect(res.body.results.map((m: { id: number }) => m.id)).not.toContain(otherMember.id);
  });

  it('answers a team member the same team', async () => {
    const res = await list(member);
    expect(res.status).toBe(200);
    expect(res.body.results.map((m: { id: number }) => m.id)).toEqual(
      (await list(owner)).body.results.map((m: { id: number }) => m.id),
    );
  });

  it('answers a user of another company only their own team', async () => {
    const res = await list(other);
    expect(res.status).toBe(200);
    expect(res.body.results.map((m: { id: number }) => m.id)).toEqual([otherMember.id]);
    expect((await list(signer)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await list(null)).status).toBe(401);
  });
});

describe('POST /members/: who may invite, and what', () => {
  it('answers 403 to a team member and to a signer, 401 to anonymous callers; nothing is created or sent', async () => {
    const email = uniqueEmail('nobody');
    expect((await inviteAs(member, email)).status).toBe(403);
    expect((await inviteAs(signer, email)).status).toBe(403);
    expect((await inviteAs(null, email)).status).toBe(401);
    expect(await mailCount(t, email)).toBe(0);
    expect(
      await t.core.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('validates the e-mail', async () => {
    for (const bad of ['not-an-email', 'a@b', 'two words@example.com']) {
      const res = await inviteAs(owner, bad);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: ['Invalid email format'], code: 'invalid_input' });
    }
    const missing = await call(t, 'POST', '/members/', { access: owner.access, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ email: ['Email is required'], code: 'invalid_input' });
  });

  it('needs the owner’s saved signature first', async () => {
    const res = await inviteAs(unsigned, uniqueEmail());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [ACCOUNT_MESSAGES.signatureFirst], code: 'signature_required' });
  });

  it('refuses e-mails of existing accounts: another company’s (field email), the caller’s own team (field email)', async () => {
    for (const email of [other.email, other.email.toUpperCase(), otherMember.email, signer.email]) {
      const res = await inviteAs(owner, email);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: [ACCOUNT_MESSAGES.hasAccount], code: 'member_exists' });
    }
    for (const email of [member.email, owner.email]) {
      const res = await inviteAs(owner, email);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: [ACCOUNT_MESSAGES.alreadyMember], code: 'member_exists' });
    }
    // Untouched: still in their own company and able to work.
    expect((await call(t, 'GET', '/me/1/', { access: otherMember.access })).body.company).toBe(companyOf(other));
  });

  it('lets the owner of another company invite into their own company only', async () => {
    const email = uniqueEmail('rival');
    await setExtraMembers(t, companyOf(other), 2);
    const res = await inviteAs(other, email);
    expect(res.status).toBe(201);
    const row = await t.core.db
      .selectFrom('users')
      .select(['companyId', 'invitedById'])
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ companyId: companyOf(other), invitedById: other.id });
    expect((await list(owner)).body.results.map((m: { email: string }) => m.email)).not.toContain(email);
  });
});

describe('POST /members/: plan seats', () => {
  let seats: TestUser;
  const [e1, e2, e3] = [uniqueEmail('seat'), uniqueEmail('seat'), uniqueEmail('seat')];

  beforeAll(async () => {
    seats = await signedOwner(0);
  });

  it('has no seat on the Free plan: "You dont have enough allowed Team Members"', async () => {
    expect((await onboarding(seats)).body.isMembersInvited).toBe(false);
    const res = await inviteAs(seats, e1);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [ACCOUNT_MESSAGES.notEnoughMembers], code: 'plan_limit_members' });
    expect(await mailCount(t, e1)).toBe(0);
    expect(await teamRows(t, companyOf(seats))).toHaveLength(0);
  });

  it('invites up to the purchased extra seats, then refuses the next one', async () => {
    await setExtraMembers(t, companyOf(seats), 2);
    const first = await inviteAs(seats, e1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      email: e1,
      firstName: '',
      lastName: '',
      avatar: null,
      projectsCount: 0,
      isActive: false,
    });
    expect((await inviteAs(seats, e2.toUpperCase())).status).toBe(201);
    const third = await inviteAs(seats, e3);
    expect(third.status).toBe(400);
    expect(third.body).toEqual({ nonFieldErrors: [ACCOUNT_MESSAGES.notEnoughMembers], code: 'plan_limit_members' });
    expect((await teamRows(t, companyOf(seats))).map((r) => r.email)).toEqual([e1, e2]);
    expect(await mailCount(t, e3)).toBe(0);
  });

  it('lists pending invitations as inactive members and ticks the onboarding step', async () => {
    const res = await list(seats);
    expect(res.body.results.map((m: { email: string; isActive: boolean }) => [m.email, m.isActive])).toEqual([
      [e1, false],
      [e2, false],
    ]);
    expect((await onboarding(seats)).body.isMembersInvited).toBe(true);
  });

  it('re-sends a pending invitation without taking a second seat; only the newest link works', async () => {
    const before = await memberInvitationLink(t, e1);
    const again = await inviteAs(seats, e1);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await mailCount(t, e1)).toBe(2);
    expect(await teamRows(t, companyOf(seats))).toHaveLength(2);
    const after = await memberInvitationLink(t, e1);
    expect(after.token).not.toBe(before.token);
    expect(after.uid).toBe(before.uid);
    const stale = await post(t, '/registration/member_invitation_confirm/', invitationPayload(before));
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ token: [AUTH_MESSAGES.invitationInvalid], code: 'link_invalid' });
  });

  it('frees a seat when a member is removed', async () => {
    const id = (await teamRows(t, companyOf(seats)))[1]!.id;
    expect((await remove(seats, id)).status).toBe(204);
    expect((await inviteAs(seats, e3)).status).toBe(201);
    expect((await inviteAs(seats, uniqueEmail('seat'))).status).toBe(400);
  });
});

describe('the member invitation, end to end', () => {
  const email = uniqueEmail('joiner');
  let joiner: TestUser;

  it('sends the invitation e-mail with the link APP_URL/member_invitation/<uid>:<token>', async () => {
    const res = await inviteAs(owner, email);
    expect(res.status).toBe(201);
    const mail = await latestMail(t, email);
    expect(mail!.subject).toContain('Acme Advisory Ltd');
    expect(mail!.subject).toContain('Alice Adams');
    const link = await memberInvitationLink(t, email);
    expect(link.url).toBe(`${t.config.appUrl}/member_invitation/${link.uid}:${link.token}`);
    expect(link.uid).toMatch(/^[\w-]+$/);
    expect(link.token).toMatch(/^[\w-]{20,}$/);
    expect(mail!.htmlBody).toContain(link.url);
  });

  it('lets the invitee register through POST /registration/member_invitation_confirm/ and log in', async () => {
    joiner = await acceptInvitation(email, { first_name: 'Jo', last_name: 'Iner' });
    expect(joiner.user).toMatchObject({
      email,
      isMember: true,
      role: 'member',
      company: companyOf(owner),
      firstName: 'Jo',
    });
  });

  it('shows the new member in the owner’s list, active, with their projects count', async () => {
    const row = (await list(owner)).body.results.find((m: { email: string }) => m.email === email);
    expect(row).toEqual({
      id: joiner.id,
      email,
      firstName: 'Jo',
      lastName: 'Iner',
      avatar: null,
      projectsCount: 0,
      isActive: true,
    });
    expect((await onboarding(owner)).body).toMatchObject({ isMembersInvited: true });
  });

  it('gives the member the company read-only and no onboarding checklist', async () => {
    const company = await call(t, 'GET', '/company/', { access: joiner.access });
    expect(company.status).toBe(200);
    expect(company.body.results[0]).toMatchObject({ id: companyOf(owner), name: 'Acme Advisory Ltd' });
    const patch = await call(t, 'PATCH', `/company/${companyOf(owner)}/`, {
      access: joiner.access,
      json: { name: 'Mine now', address: 'Here' },
    });
    expect(patch.status).toBe(403);
    expect((await onboarding(joiner)).status).toBe(403);
    expect((await inviteAs(joiner, uniqueEmail())).status).toBe(403);
  });

  it('does not let the link be used twice, nor an account be invited again once registered', async () => {
    const link = await memberInvitationLink(t, email);
    const res = await post(t, '/registration/member_invitation_confirm/', invitationPayload(link));
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('token');
    const again = await inviteAs(owner, email);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ email: [ACCOUNT_MESSAGES.alreadyMember], code: 'member_exists' });
  });
});

describe('DELETE /members/{id}/', () => {
  let victim: TestUser;

  beforeAll(async () => {
    victim = await createMember(t, owner);
  });

  it('answers 403 to a team member and to a signer, 401 to anonymous callers', async () => {
    expect((await remove(member, victim.id)).status).toBe(403);
    expect((await remove(signer, victim.id)).status).toBe(403);
    expect((await remove(null, victim.id)).status).toBe(401);
    expect((await call(t, 'GET', '/me/1/', { access: victim.access })).status).toBe(200);
  });

  it('answers 404 to another company’s owner, and to ids that are not a member of the caller’s team', async () => {
    expect((await remove(other, victim.id)).status).toBe(404);
    for (const id of [otherMember.id, other.id, owner.id, signer.id, 99999999, 'abc', 0]) {
      const res = await remove(owner, id);
      expect(res.status, `id ${id}`).toBe(404);
    }
    expect((await call(t, 'GET', '/me/1/', { access: otherMember.access })).status).toBe(200);
    expect((await call(t, 'GET', '/me/1/', { access: owner.access })).status).toBe(200);
  });

  it('removes the member for the owner: 204, and their sessions end at once', async () => {
    const res = await remove(owner, victim.id);
    expect(res.status).toBe(204);
    expect(res.raw.length).toBe(0);
    // The access token has not expired, yet the very next request is refused.
    const next = await call(t, 'GET', '/me/1/', { access: victim.access });
    expect(next.status).toBe(401);
    const refreshed = await post(t, '/authentication/token/refresh/', { refresh: victim.refresh });
    expect(refreshed.status).toBe(401);
    const login = await post(t, '/authentication/login/', { email: victim.email, password: victim.password });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ nonFieldErrors: [AUTH_MESSAGES.badCredentials], code: 'bad_credentials' });
  });

  it('drops the member from the list; removing again is 404', async () => {
    expect((await list(owner)).body.results.map((m: { id: number }) => m.id)).not.toContain(victim.id);
    expect((await remove(owner, victim.id)).status).toBe(404);
    expect((await call(t, 'GET', '/me/1/', { access: member.access })).status).toBe(200);
  });

  it('withdraws a pending invitation: its link stops working', async () => {
    const email = uniqueEmail('pending');
    const invited = await inviteAs(owner, email);
    expect(invited.status).toBe(201);
    const link = await memberInvitationLink(t, email);
    expect((await remove(owner, invited.body.id)).status).toBe(204);
    const res = await post(t, '/registration/member_invitation_confirm/', invitationPayload(link));
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('token');
    // The address is free again: it can be invited anew.
    expect((await inviteAs(owner, email)).status).toBe(201);
  });
});

describe('concurrent invitations', () => {
  it('two invitations racing for the last seat: exactly one succeeds', async () => {
    const racer = await signedOwner(1);
    for (let round = 1; round <= 3; round++) {
      await setExtraMembers(t, companyOf(racer), round);
      const [a, b] = await Promise.all([inviteAs(racer, uniqueEmail('race')), inviteAs(racer, uniqueEmail('race'))]);
      expect([a.status, b.status].sort()).toEqual([201, 400]);
      expect((a.status === 400 ? a : b).body).toEqual({
        nonFieldErrors: [ACCOUNT_MESSAGES.notEnoughMembers],
        code: 'plan_limit_members',
      });
      expect(await teamRows(t, companyOf(racer))).toHaveLength(round);
    }
  });

  it('the same e-mail invited twice at once takes one seat', async () => {
    const racer = await signedOwner(3);
    const email = uniqueEmail('twice');
    const [a, b] = await Promise.all([inviteAs(racer, email), inviteAs(racer, email)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await teamRows(t, companyOf(racer))).toHaveLength(1);
  });

  it('one e-mail invited by two companies at once joins one of them; the other gets the field error', async () => {
    const [x, y] = await Promise.all([signedOwner(1), signedOwner(1)]);
    const email = uniqueEmail('contested');
    const [a, b] = await Promise.all([inviteAs(x, email), inviteAs(y, email)]);
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body).toEqual({ email: [ACCOUNT_MESSAGES.hasAccount], code: 'member_exists' });
  });
});

describe('tRPC members.list, members.invite and members.remove', () => {
  it('members.list answers the team as an array', async () => {
    const res = await trpcQuery(t, 'members.list', undefined, authHeader(owner.access));
    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data.map((m: { id: number }) => m.id)).toEqual(
      (await list(owner)).body.results.map((m: { id: number }) => m.id),
    );
    expect((await trpcQuery(t, 'members.list')).status).toBe(401);
  });

  it('members.invite invites for the owner and answers the same errors as REST', async () => {
    const email = uniqueEmail('trpc');
    const res = await trpcMutation(t, 'members.invite', { email }, authHeader(owner.access));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ email, isActive: false, projectsCount: 0 });
    expect(await mailCount(t, email)).toBe(1);

    const bad = await trpcMutation(t, 'members.invite', { email: 'nope' }, authHeader(owner.access));
    expect(bad.status).toBe(400);
    expect(bad.error!.data.body).toEqual({ email: ['Invalid email format'], code: 'invalid_input' });
    const forbidden = await trpcMutation(t, 'members.invite', { email: uniqueEmail() }, authHeader(member.access));
    expect(forbidden.status).toBe(403);
    const unsignedRes = await trpcMutation(t, 'members.invite', { email: uniqueEmail() }, authHeader(unsigned.access));
    expect(unsignedRes.error!.message).toBe(ACCOUNT_MESSAGES.signatureFirst);
  });

  it('members.remove removes for the owner; 404 for another company’s member', async () => {
    const target = await createMember(t, owner);
    const hidden = await trpcMutation(t, 'members.remove', { id: otherMember.id }, authHeader(owner.access));
    expect(hidden.status).toBe(404);
    expect(hidden.error!.data.code).toBe('NOT_FOUND');
    const res = await trpcMutation(t, 'members.remove', { id: target.id }, authHeader(owner.access));
    expect(res.status).toBe(200);
    expect((await call(t, 'GET', '/me/1/', { access: target.access })).status).toBe(401);
    expect((await trpcMutation(t, 'members.remove', { id: member.id }, authHeader(member.access))).status).toBe(403);
    expect((await trpcMutation(t, 'members.remove', { id: member.id })).status).toBe(401);
  });
});
