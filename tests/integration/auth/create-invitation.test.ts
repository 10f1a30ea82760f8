import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import { createInvitation } from '@server/commands/auth/create-invitation.js';
import { AppError } from '@server/errors.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';

// server/commands/auth/create-invitation.ts: an invitation renews only its own pending account. The
// callers look for the account first; another company's invitation may create it in between.

let t: TestApp;
let x: TestUser;
let y: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [x, y] = [await createOwner(t), await createOwner(t)];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const invite = (by: TestUser, email: string, role: 'member' | 'signer' = 'member') =>
  t.core.tx((tx) =>
    createInvitation(tx, {
      email,
      role,
      invitedById: by.id,
      companyId: role === 'member' ? by.user.company! : null,
    }),
  );

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('createInvitation', () => {
  it('renews the same pending invitation: one account, a new link', async () => {
    const first = await invite(x, 'pending-member@example.com');
    const again = await invite(x, 'pending-member@example.com');
    expect(again.userId).toBe(first.userId);
    expect(again.token).not.toBe(first.token);
  });

  it('does not move another company’s pending member to this company', async () => {
    const first = await invite(x, 'contested-member@example.com');
    const err = await refusal(invite(y, 'contested-member@example.com'));
    expect(err.body).toEqual({ email: [ACCOUNT_MESSAGES.hasAccount] });
    expect(err.reason).toBe('member_exists');
    const row = await t.core.db
      .selectFrom('users')
      .select(['companyId', 'role'])
      .where('id', '=', first.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ companyId: x.user.company, role: 'member' });
  });

  it('does not turn a pending member into a signer, nor take over a registered account', async () => {
    await invite(x, 'member-not-signer@example.com');
    expect(await refusal(invite(y, 'member-not-signer@example.com', 'signer'))).toMatchObject({
      reason: 'member_exists',
      body: { email: [ACCOUNT_MESSAGES.hasAccount] },
    });
    expect(await refusal(invite(y, x.email))).toMatchObject({
      reason: 'member_exists',
      body: { email: [ACCOUNT_MESSAGES.hasAccount] },
    });
  });
});
