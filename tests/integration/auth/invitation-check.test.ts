import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { saveSignature } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, invitationPayload, invite, loginAs, type TestUser } from '@tests/support/factories.js';
import { get, post, trpcQuery } from '@tests/support/http.js';
import {
  addRecipientsGroup,
  createProject,
  expectStatus,
  recipient,
  sendToAll,
  sendToSigner,
  signerInvitationLink,
  uploadProjectNda,
} from '@tests/support/projects.js';

// server/queries/auth/check-invitation.ts: what the registration page learns from an invitation link
// before anything is typed (GET /registration/<kind>_invitation_check/, tRPC auth.invitation).

let t: TestApp;
let adviser: TestUser;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  adviser = await createOwner(t, { first_name: 'Ada', last_name: 'Adviser', company_name: 'Harbour Advisory LLP' });
  await saveSignature(t, adviser);
  projectId = (await createProject(t, adviser, { name: 'Project Atlas' })).id;
  await uploadProjectNda(t, adviser, projectId);
});
afterAll(async () => {
  await t?.close();
});

const check = (kind: 'member' | 'signer', link: { uid: string; token: string }) =>
  get(t, `/registration/${kind}_invitation_check/?uid=${link.uid}&token=${encodeURIComponent(link.token)}`);

/** A buyer typed by the adviser as Bella Buyer, put in a group of Project Atlas, sent the group's NDA. */
async function invitedBuyer(groupName = 'Northwind Capital') {
  const buyer = recipient('buyer', 'Bella', 'Buyer');
  const { group, users } = await addRecipientsGroup(t, adviser, projectId, [buyer], { name: groupName });
  expectStatus(await sendToAll(t, adviser, group.id), 200);
  return { buyer, group, userId: users[0]!, link: await signerInvitationLink(t, buyer.email) };
}

describe('signer invitation check', () => {
  it('tells the invited buyer who invited them to which NDA, the e-mail and the names the adviser typed', async () => {
    const { buyer, group, link } = await invitedBuyer();
    const nda = await t.core.db
      .selectFrom('ndas')
      .select(['id', 'name'])
      .where('projectBranchId', '=', group.id)
      .executeTakeFirstOrThrow();
    const expected = {
      status: 'valid',
      detail: null,
      email: buyer.email,
      firstName: 'Bella',
      lastName: 'Buyer',
      invitedBy: { firstName: 'Ada', lastName: 'Adviser', company: { name: 'Harbour Advisory LLP' } },
      project: { id: projectId, name: 'Project Atlas' },
      // The group's name is the adviser's label: an invitee without a company yet sees their own name.
      projectBranch: { id: group.id, name: 'Bella Buyer' },
      nda: { id: nda.id, name: nda.name },
    };
    const rest = await check('signer', link);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(expected);
    const trpc = await trpcQuery(t, 'auth.invitation', { ...link, kind: 'signer' });
    expect(trpc.data).toEqual(expected);
    // Reading the link does not use it up.
    const registered = await post(t, '/registration/signer_invitation_confirm/', {
      ...invitationPayload(link, { company_name: 'Northwind Capital LLP' }),
    });
    expectStatus(registered, 200);
  });

  it('says the account exists once the link was used, still naming the NDA to open after signing in', async () => {
    const { buyer, group, link } = await invitedBuyer('Southwind (second round)');
    expectStatus(
      await post(t, '/registration/signer_invitation_confirm/', invitationPayload(link, { company_name: 'Southwind' })),
      200,
    );
    const res = await check('signer', link);
    expect(res.body).toMatchObject({
      status: 'registered',
      detail: AUTH_MESSAGES.invitationRegistered,
      email: buyer.email,
      firstName: '',
      lastName: '',
      // Registered, they see their own company's name, never the adviser's label for the group.
      projectBranch: { id: group.id, name: 'Southwind' },
    });
  });

  it('answers expired, replaced and foreign links with a reason and nothing about the account', async () => {
    const nothing = {
      email: null,
      firstName: '',
      lastName: '',
      invitedBy: null,
      project: null,
      projectBranch: null,
      nda: null,
    };
    const { buyer, group, userId, link } = await invitedBuyer('Eastwind');

    // Another sending renews the link: the first one is replaced.
    expectStatus(await sendToSigner(t, adviser, group.id, userId), 200);
    const renewed = await signerInvitationLink(t, buyer.email);
    expect(renewed.token).not.toBe(link.token);
    expect((await check('signer', link)).body).toEqual({
      status: 'invalid',
      detail: AUTH_MESSAGES.invitationReplaced,
      ...nothing,
    });
    expect((await check('signer', renewed)).body).toMatchObject({ status: 'valid' });

    await t.core.db
      .updateTable('oneTimeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', userId)
      .execute();
    expect((await check('signer', renewed)).body).toEqual({
      status: 'expired',
      detail: AUTH_MESSAGES.invitationExpired,
      ...nothing,
    });

    const member = await invite(t, adviser, 'member');
    for (const foreign of [
      { uid: member.uid, token: member.token }, // a member's link read as a signer's
      { uid: renewed.uid, token: 'not-the-token' },
      { uid: member.uid, token: renewed.token }, // a real token with another account's uid
    ])
      expect((await check('signer', foreign)).body).toEqual({
        status: 'invalid',
        detail: AUTH_MESSAGES.invitationInvalid,
        ...nothing,
      });
    // Not a link the server could have made (not base64url): refused at the door.
    const malformed = await check('signer', { uid: '!!', token: renewed.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ uid: ['Invalid link'], code: 'invalid_input' });
    expect((await check('member', member)).body).toMatchObject({
      status: 'valid',
      email: member.email,
      invitedBy: { firstName: 'Ada', lastName: 'Adviser', company: { name: 'Harbour Advisory LLP' } },
      project: null,
    });
  });

  it('answers 400 on a missing token', async () => {
    const res = await get(t, '/registration/signer_invitation_check/?uid=MQ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ token: ['Invalid link'], code: 'invalid_input' });
  });
});

describe('signer registration', () => {
  it('stores a LinkedIn address typed without https as an https URL', async () => {
    const { buyer, link } = await invitedBuyer('Westwind');
    const res = await post(
      t,
      '/registration/signer_invitation_confirm/',
      invitationPayload(link, { company_name: 'Westwind LP', linkedin_link: 'www.linkedin.com/in/bella-buyer' }),
    );
    expectStatus(res, 200);
    expect((await loginAs(t, buyer.email)).user.linkedinLink).toBe('https://www.linkedin.com/in/bella-buyer');
  });
});
