import { describe, expect, it } from 'vitest';
import { ndaPagePath } from '@shared/paths.js';
import type { TestApp } from '@tests/support/app.js';
import { PASSWORD, type TestUser } from '@tests/support/factories.js';
import { post, trpcMutation } from '@tests/support/http.js';
import {
  type Cast,
  createDeal,
  createNamedSigner,
  insertGroup,
  negotiationSetup,
  setNda,
} from '@tests/support/negotiation.js';

// Where sign-in sends a user when no page asked for them (server/queries/auth/home-path.ts): the same
// answer in every browser, so a bidder signing in on a phone lands on their NDA as on the desktop.

let t: TestApp;
let cast: Cast;
negotiationSetup({}, (made) => {
  ({ t, cast } = made);
});

async function homeOf(user: TestUser): Promise<string> {
  const res = await post<{ home: string }>(t, '/authentication/login/', { email: user.email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.home;
}

describe('the page a sign-in lands on', () => {
  it('is the account page for the sending side, whatever they run', async () => {
    await createDeal(t, cast);
    expect(await homeOf(cast.owner)).toBe('/account');
    expect(await homeOf(cast.manager)).toBe('/account');
  });

  it('is a recipient’s NDA, on both doors', async () => {
    const deal = await createDeal(t, cast, { name: 'Project Osprey' });
    const path = ndaPagePath(deal.projectId, deal.b.branchId);
    expect(await homeOf(cast.signerB)).toBe(path);
    const res = await trpcMutation<{ home: string }>(t, 'auth.login', {
      email: cast.signerB.email,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.data?.home).toBe(path);
  });

  it('is the newest NDA still waiting for the recipient before one they signed or passed on', async () => {
    const bidder = await createNamedSigner(t, cast.owner, 'Kim', 'Kestrel', 'Kestrel Partners');
    const { projectId } = await createDeal(t, cast, { name: 'Project Kite' });
    const waiting = await insertGroup(t, projectId, [bidder], { name: 'Kestrel' });
    // Newer NDAs, one signed and one the bidder passed on: the one waiting comes first all the same.
    const signed = await insertGroup(t, projectId, [bidder], { name: 'Kestrel again' });
    await setNda(t, signed.ndaId, { isSigned: true });
    const passed = await insertGroup(t, projectId, [bidder], { name: 'Kestrel once more' });
    await t.core.db
      .updateTable('signerships')
      .set({ rejectedAt: new Date() })
      .where('id', '=', passed.signerships[bidder.id]!)
      .execute();
    expect(await homeOf(bidder)).toBe(ndaPagePath(projectId, waiting.branchId));
    // Nothing waits any more: the newest one they received.
    await setNda(t, waiting.ndaId, { isSigned: true });
    expect(await homeOf(bidder)).toBe(ndaPagePath(projectId, passed.branchId));
  });

  it('is the account page for a recipient whose NDA is not sent yet', async () => {
    const bidder = await createNamedSigner(t, cast.owner, 'Nia', 'Newcomer', 'Newcomer Capital');
    const { projectId } = await createDeal(t, cast, { name: 'Project Lark' });
    await insertGroup(t, projectId, [bidder], { name: 'Newcomer', isSent: false });
    expect(await homeOf(bidder)).toBe('/account');
  });
});
