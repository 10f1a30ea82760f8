import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createInvitation, type Invitation } from '@server/commands/auth/create-invitation.js';
import type { OutboxEmailRow } from '@server/db/schema.js';
import type { UserDto } from '@server/presenters/user.js';
import { type Harness, post } from './http.js';

/** Test data built through the real API (and, where the API has no call yet, the real commands). */

export const PASSWORD = 'correct-horse-42';

let seq = 0;
/** A unique, lower-case e-mail address; unique across files and across runs on one database. */
export function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}-${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** The spec's owner payload, snake_case as the REST contract sends it. */
export function ownerPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: uniqueEmail('owner'),
    password1: PASSWORD,
    password2: PASSWORD,
    first_name: 'Olivia',
    last_name: 'Owner',
    location: 'London, UK',
    company_name: 'Owner Holdings Ltd',
    linkedin_link: 'https://www.linkedin.com/in/olivia',
    invited_with: '',
    country: 'GB',
    ...overrides,
  };
}

/** The member / signer invitation payload for an Invitation. */
export function invitationPayload(
  inv: Pick<Invitation, 'uid' | 'token'>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    uid: inv.uid,
    token: inv.token,
    new_password1: PASSWORD,
    new_password2: PASSWORD,
    first_name: 'Ivan',
    last_name: 'Invited',
    location: 'Paris, France',
    linkedin_link: 'https://www.linkedin.com/in/ivan',
    ...overrides,
  };
}

/** The newest e-mail queued for an address (outbox table), or undefined. */
export async function latestMail(t: Harness, to: string): Promise<OutboxEmailRow | undefined> {
  return t.core.db
    .selectFrom('outboxEmails')
    .selectAll()
    .where('toAddress', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The first URL in a mail's text body starting with APP_URL + prefix, with what follows the prefix. */
export function linkIn(
  t: Harness,
  mail: Pick<OutboxEmailRow, 'textBody'>,
  prefix: string,
): { url: string; rest: string } {
  const start = `${t.config.appUrl}${prefix}`;
  const url = mail.textBody.split(/\s+/).find((w) => w.startsWith(start));
  if (!url) throw new Error(`no ${start} link in mail:\n${mail.textBody}`);
  return { url, rest: decodeURIComponent(url.slice(start.length)) };
}

/** The activation key of the newest activation mail sent to an address. */
export async function activationKey(t: Harness, email: string): Promise<string> {
  const mail = await latestMail(t, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  return linkIn(t, mail, '/user-activation/').rest;
}

/** uid and token of the newest password-reset mail sent to an address. */
export async function passwordResetLink(t: Harness, email: string): Promise<{ uid: string; token: string }> {
  const mail = await latestMail(t, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const [uid, token] = linkIn(t, mail, '/password-reset-confirm/').rest.split('/');
  return { uid: uid!, token: token! };
}

export interface Session {
  access: string;
  refresh: string;
  user: UserDto;
}

export async function loginAs(t: Harness, email: string, password = PASSWORD): Promise<Session> {
  const res = await post<Session>(t, '/authentication/login/', { email, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Registers an owner through the API (not yet activated); answers the payload sent. */
export async function registerOwner(
  t: Harness,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; password: string }> {
  const payload = ownerPayload(overrides);
  const res = await post(t, '/registration/', payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email: String(payload.email).toLowerCase(), password: String(payload.password1) };
}

export interface TestUser extends Session {
  id: number;
  email: string;
  password: string;
}

/** An activated, signed-in account owner. */
export async function createOwner(t: Harness, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const { email, password } = await registerOwner(t, overrides);
  const verified = await post(t, '/registration/verify-email/', { key: await activationKey(t, email) });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const session = await loginAs(t, email, password);
  return { ...session, id: session.user.id, email, password };
}

/** An invitation link for a member of the owner's company or for a signer, made by the real command. */
export async function invite(
  t: Harness,
  owner: Pick<TestUser, 'id' | 'user'>,
  role: 'member' | 'signer',
  email = uniqueEmail(role),
): Promise<Invitation & { email: string }> {
  const inv = await t.core.tx((tx) =>
    createInvitation(tx, {
      email,
      role,
      invitedById: owner.id,
      companyId: role === 'member' ? owner.user.company : null,
    }),
  );
  return { ...inv, email };
}

/** An invited team member who completed registration and is signed in. */
export async function createMember(t: Harness, owner: Pick<TestUser, 'id' | 'user'>): Promise<TestUser> {
  const inv = await invite(t, owner, 'member');
  const res = await post(t, '/registration/member_invitation_confirm/', invitationPayload(inv));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await loginAs(t, inv.email);
  return { ...session, id: session.user.id, email: inv.email, password: PASSWORD };
}

/** An invited signer who registered with their own company and is signed in. */
export async function createSigner(
  t: Harness,
  owner: Pick<TestUser, 'id' | 'user'>,
  companyName = 'Signer Capital LLP',
): Promise<TestUser> {
  const inv = await invite(t, owner, 'signer');
  const res = await post(
    t,
    '/registration/signer_invitation_confirm/',
    invitationPayload(inv, { company_name: companyName }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await loginAs(t, inv.email);
  return { ...session, id: session.user.id, email: inv.email, password: PASSWORD };
}
