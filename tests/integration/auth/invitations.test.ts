import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { encodeUid } from '@server/services/tokens.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, invitationPayload, invite, loginAs, PASSWORD, type TestUser } from '@tests/support/factories.js';
import { post, trpcMutation } from '@tests/support/http.js';

// server/commands/auth/create-invitation.ts, redeem-invitation.ts, confirm-member-invitation.ts, confirm-signer-invitation.ts.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t, { company_name: 'Inviting Partners LLP' });
});
afterAll(async () => {
  await t?.close();
});

const confirmMember = (payload: Record<string, unknown>) =>
  post(t, '/registration/member_invitation_confirm/', payload);
const confirmSigner = (payload: Record<string, unknown>) =>
  post(t, '/registration/signer_invitation_confirm/', payload);
const expire = (userId: number) =>
  t.core.db
    .updateTable('oneTimeTokens')
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where('userId', '=', userId)
    .execute();

describe('POST /registration/member_invitation_confirm/', () => {
  it("registers the member into the owner's company; login works afterwards", async () => {
    const inv = await invite(t, owner, 'member');
    expect((await post(t, '/authentication/login/', { email: inv.email, password: PASSWORD })).status).toBe(400);

    const res = await confirmMember(
      invitationPayload(inv, { first_name: 'Mia', last_name: 'Member', location: 'Berlin' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Register Success!' });

    const session = await loginAs(t, inv.email);
    expect(session.user).toMatchObject({
      id: inv.userId,
      email: inv.email,
      firstName: 'Mia',
      lastName: 'Member',
      location: 'Berlin',
      linkedinLink: 'https://www.linkedin.com/in/ivan',
      role: 'member',
      isMember: true,
      company: owner.user.company,
      companyName: 'Inviting Partners LLP',
    });
  });

  it('works once: the link cannot be reused', async () => {
    const inv = await invite(t, owner, 'member');
    expect((await confirmMember(invitationPayload(inv))).status).toBe(200);
    const again = await confirmMember(
      invitationPayload(inv, { new_password1: 'other-password-1', new_password2: 'other-password-1' }),
    );
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [AUTH_MESSAGES.invitationInvalid], code: 'link_invalid' });
    expect((await loginAs(t, inv.email)).user.id).toBe(inv.userId);
  });

  it('refuses an expired link with the renewal message on token', async () => {
    const inv = await invite(t, owner, 'member');
    await expire(inv.userId);
    const res = await confirmMember(invitationPayload(inv));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      token: ['Registration Link is not valid because the term has expired. Please use password renewal'],
      code: 'link_expired',
    });
  });

  it('refuses a wrong uid, a wrong token and a signer link', async () => {
    const inv = await invite(t, owner, 'member');
    const other = await invite(t, owner, 'member');
    for (const payload of [
      invitationPayload({ uid: other.uid, token: inv.token }),
      invitationPayload({ uid: encodeUid(999999), token: inv.token }),
      invitationPayload({ uid: 'garbage!', token: inv.token }),
      invitationPayload({ uid: inv.uid, token: 'not-the-token' }),
    ]) {
      const res = await confirmMember(payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ token: [AUTH_MESSAGES.invitationInvalid], code: 'link_invalid' });
    }
    const signer = await invite(t, owner, 'signer');
    expect((await confirmMember(invitationPayload(signer))).body).toEqual({
      token: [AUTH_MESSAGES.invitationInvalid],
      code: 'link_invalid',
    });
    // None of that used the real link up.
    expect((await confirmMember(invitationPayload(inv))).status).toBe(200);
  });

  it('keeps only the newest invitation link working', async () => {
    const first = await invite(t, owner, 'member');
    const second = await invite(t, owner, 'member', first.email);
    expect(second.userId).toBe(first.userId);
    expect((await confirmMember(invitationPayload(first))).status).toBe(400);
    expect((await confirmMember(invitationPayload(second))).status).toBe(200);
  });

  it('answers field errors: missing fields and mismatching passwords', async () => {
    const missing = await confirmMember({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      newPassword1: ['Password is required'],
      newPassword2: ['Password is required'],
      uid: ['Invalid link'],
      token: ['Invalid link'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      location: ['Location is required'],
      linkedinLink: ['LinkedIn Url is required'],
      code: 'invalid_input',
    });
    const inv = await invite(t, owner, 'member');
    const mismatch = await confirmMember(invitationPayload(inv, { new_password2: 'different-pass-2' }));
    expect(mismatch.body).toEqual({ newPassword2: ['Passwords must match'], code: 'invalid_input' });
    const long = await confirmMember(invitationPayload(inv, { first_name: 'x'.repeat(31) }));
    expect(long.body).toEqual({
      firstName: ['Ensure this field has no more than 30 characters.'],
      code: 'invalid_input',
    });
  });

  it('works through tRPC (auth.confirmMemberInvitation)', async () => {
    const inv = await invite(t, owner, 'member');
    const input = {
      uid: inv.uid,
      token: inv.token,
      newPassword1: PASSWORD,
      newPassword2: PASSWORD,
      firstName: 'T',
      lastName: 'R',
      location: 'Rome',
      linkedinLink: 'https://linkedin.com/in/tr',
    };
    const ok = await trpcMutation(t, 'auth.confirmMemberInvitation', input);
    expect(ok.data).toEqual({ detail: 'Register Success!' });
    const again = await trpcMutation(t, 'auth.confirmMemberInvitation', input);
    expect(again.status).toBe(400);
    expect(again.error!.message).toBe(AUTH_MESSAGES.invitationInvalid);
  });
});

describe('POST /registration/signer_invitation_confirm/', () => {
  it('registers the signer as owner of a new company named as given; login works', async () => {
    const inv = await invite(t, owner, 'signer');
    const res = await confirmSigner(invitationPayload(inv, { company_name: 'Signer Legal Name LLP' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Register Success!' });

    const session = await loginAs(t, inv.email);
    expect(session.user).toMatchObject({
      id: inv.userId,
      role: 'signer',
      isMember: false,
      companyName: 'Signer Legal Name LLP',
    });
    expect(session.user.company).not.toBe(owner.user.company);
    const company = await t.core.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', session.user.company!)
      .executeTakeFirstOrThrow();
    expect(company.ownerId).toBe(inv.userId);
  });

  it('requires the company name', async () => {
    const inv = await invite(t, owner, 'signer');
    const res = await confirmSigner(invitationPayload(inv));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ companyName: ['Company name is required'], code: 'invalid_input' });
  });

  it('refuses a location over 128 characters under the field, and registers with 128', async () => {
    const inv = await invite(t, owner, 'signer');
    const long = await confirmSigner(
      invitationPayload(inv, { company_name: 'Far Away Ltd', location: 'x'.repeat(129) }),
    );
    expect(long.status).toBe(400);
    expect(long.body).toEqual({
      location: ['Ensure this field has no more than 128 characters.'],
      code: 'invalid_input',
    });
    const ok = await confirmSigner(invitationPayload(inv, { company_name: 'Far Away Ltd', location: 'x'.repeat(128) }));
    expect(ok.status).toBe(200);
  });

  it('cannot be reused, and creates no second company', async () => {
    const inv = await invite(t, owner, 'signer');
    expect((await confirmSigner(invitationPayload(inv, { company_name: 'Once Ltd' }))).status).toBe(200);
    const again = await confirmSigner(invitationPayload(inv, { company_name: 'Twice Ltd' }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [AUTH_MESSAGES.invitationInvalid], code: 'link_invalid' });
    const twice = await t.core.db.selectFrom('companies').select('id').where('name', '=', 'Twice Ltd').execute();
    expect(twice).toHaveLength(0);
  });

  it('refuses an expired link with the renewal message', async () => {
    const inv = await invite(t, owner, 'signer');
    await expire(inv.userId);
    const res = await confirmSigner(invitationPayload(inv, { company_name: 'Late Ltd' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ token: [AUTH_MESSAGES.invitationExpired], code: 'link_expired' });
  });

  it("refuses a wrong uid and a member's link", async () => {
    const inv = await invite(t, owner, 'signer');
    const wrongUid = await confirmSigner(
      invitationPayload({ uid: encodeUid(owner.id), token: inv.token }, { company_name: 'X Ltd' }),
    );
    expect(wrongUid.status).toBe(400);
    expect(wrongUid.body).toEqual({ token: [AUTH_MESSAGES.invitationInvalid], code: 'link_invalid' });
    const member = await invite(t, owner, 'member');
    expect((await confirmSigner(invitationPayload(member, { company_name: 'X Ltd' }))).body).toEqual({
      token: [AUTH_MESSAGES.invitationInvalid],
      code: 'link_invalid',
    });
  });

  it('works through tRPC (auth.confirmSignerInvitation) and reports the expired link', async () => {
    const inv = await invite(t, owner, 'signer');
    const input = {
      uid: inv.uid,
      token: inv.token,
      newPassword1: PASSWORD,
      newPassword2: PASSWORD,
      firstName: 'S',
      lastName: 'G',
      location: 'Bern',
      linkedinLink: 'https://linkedin.com/in/sg',
      companyName: 'Trpc Signer AG',
    };
    await expire(inv.userId);
    const expired = await trpcMutation(t, 'auth.confirmSignerInvitation', input);
    expect(expired.status).toBe(400);
    expect(expired.error!.message).toBe(AUTH_MESSAGES.invitationExpired);
    expect(expired.error!.data.body).toEqual({ token: [AUTH_MESSAGES.invitationExpired], code: 'link_expired' });

    const fresh = await invite(t, owner, 'signer', inv.email);
    const ok = await trpcMutation(t, 'auth.confirmSignerInvitation', { ...input, token: fresh.token });
    expect(ok.data).toEqual({ detail: 'Register Success!' });
    expect((await loginAs(t, inv.email)).user.companyName).toBe('Trpc Signer AG');
  });
});
