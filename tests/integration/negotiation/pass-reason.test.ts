import { describe, expect, it } from 'vitest';
import { MAX_PASS_REASON } from '@shared/schemas/signing.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  createDeal,
  createThread,
  type Deal,
  nonField,
  negotiationSetup,
} from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';

// Passing on the opportunity takes an optional reason, kept on the signership: the sending team reads
// it on the tracker and in the activity feed. A pass closes the whole group: no thread, and no
// signature by a co-recipient, after it.

let t: TestApp;
let cast: Cast;
let deal: Deal;
const REASON = 'The valuation does not work for our fund: we are out at this price.';

interface SignershipView {
  signer: { id: number };
  rejected: boolean;
  rejectionReason: string | null;
}
interface GroupView {
  id: number;
  passed: boolean;
  signerships: SignershipView[];
}
interface EventView {
  status: string;
  authorId: number | null;
  reason: string | null;
}

const passRest = (user: TestUser, signership: number, body?: unknown) =>
  api(t, body === undefined ? 'GET' : 'POST', `/projects/dashboard/${signership}/reject/`, user, body);
const tracker = async (user: TestUser) => {
  const res = await api(t, 'GET', `/projects/dashboard/?project=${deal.projectId}&limit=-1`, user);
  expectStatus(res, 200);
  return res.body.results as GroupView[];
};
const feed = async (user: TestUser) => {
  const res = await api(t, 'GET', `/projects/events/?project=${deal.projectId}&limit=-1`, user);
  expectStatus(res, 200);
  return (res.body.results as EventView[]).filter((e) => e.status === 'nda_rejected');
};
const stored = (signership: number) =>
  t.core.db
    .selectFrom('signerships')
    .select(['rejectedAt', 'rejectionReason'])
    .where('id', '=', signership)
    .executeTakeFirstOrThrow();

negotiationSetup({}, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

describe('the reason for passing', () => {
  it('refuses a reason over the limit, leaving the signership as it was', async () => {
    const id = deal.a.signerships[cast.signerA1.id]!;
    const res = await passRest(cast.signerA1, id, { reason: 'x'.repeat(MAX_PASS_REASON + 1) });
    expectStatus(res, 400);
    expect(res.body.reason).toEqual([`Ensure this field has no more than ${MAX_PASS_REASON} characters.`]);
    const nul = await passRest(cast.signerA1, id, { reason: 'no\u0000thanks' });
    expectStatus(nul, 400);
    expect(await stored(id)).toEqual({ rejectedAt: null, rejectionReason: null });
  });

  it('is stored with the pass and answered; passing again keeps the first reason', async () => {
    const id = deal.a.signerships[cast.signerA1.id]!;
    const res = await passRest(cast.signerA1, id, { reason: `  ${REASON}  ` });
    expectStatus(res, 200);
    expect(res.body).toEqual({ signership: id, rejectedAt: expect.any(String), reason: REASON });
    expect((await stored(id)).rejectionReason).toBe(REASON);
    const again = await passRest(cast.signerA1, id, { reason: 'Another reason' });
    expect(again.body).toEqual(res.body);
  });

  it('shows on the tracker to the sending team, on the signership that passed', async () => {
    for (const sender of [cast.owner, cast.manager]) {
      const group = (await tracker(sender)).find((b) => b.id === deal.a.branchId);
      expect(group?.passed).toBe(true);
      const bySigner = Object.fromEntries(group!.signerships.map((s) => [s.signer.id, s]));
      expect(bySigner[cast.signerA1.id]).toMatchObject({ rejected: true, rejectionReason: REASON });
      expect(bySigner[cast.signerA2.id]).toMatchObject({ rejected: false, rejectionReason: null });
      expect((await tracker(sender)).find((b) => b.id === deal.b.branchId)?.passed).toBe(false);
    }
  });

  it('shows in the activity feed to the sending team and to its author, not to a co-recipient', async () => {
    const [forOwner] = await feed(cast.owner);
    expect(forOwner).toMatchObject({ status: 'nda_rejected', authorId: cast.signerA1.id, reason: REASON });
    expect((await feed(cast.signerA1))[0]?.reason).toBe(REASON);
    const [forCoRecipient] = await feed(cast.signerA2);
    expect(forCoRecipient?.reason).toBeNull();
  });

  it('a co-recipient sees their group passed, without seeing who, and can no longer sign or comment', async () => {
    const res = await api(t, 'GET', `/projects/project_branches/${deal.a.branchId}/`, cast.signerA2);
    expectStatus(res, 200);
    expect(res.body.passed).toBe(true);
    expect(res.body.signerships).toHaveLength(1);
    expect(res.body.signerships[0]).toMatchObject({ rejected: false, rejectionReason: null });

    const sign = await api(
      t,
      'GET',
      `/projects/dashboard/${deal.a.signerships[cast.signerA2.id]}/sign/`,
      cast.signerA2,
    );
    expectStatus(sign, 400);
    expect(nonField(sign)).toBe(SIGNING_MESSAGES.groupPassed);
    expect((await createThread(t, cast.signerA2, deal.a.ndaId, 'One more point')).status).toBe(400);
  });

  it('signing.pass takes the reason too; a blank one is no reason', async () => {
    const id = deal.b.signerships[cast.signerB.id]!;
    const res = await trpcMutation(
      t,
      'signing.pass',
      { signership: id, reason: '   ' },
      authHeader(cast.signerB.access),
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ signership: id, reason: null });
    expect(await stored(id)).toEqual({ rejectedAt: expect.any(Date), rejectionReason: null });
    const tooLong = await trpcMutation(
      t,
      'signing.pass',
      { signership: id, reason: 'x'.repeat(MAX_PASS_REASON + 1) },
      authHeader(cast.signerB.access),
    );
    expect(tooLong.status).toBe(400);
  });

  it('a pass without any body still works as the spec’s GET', async () => {
    const other = await createDeal(t, cast, { name: 'Project Osprey' });
    const id = other.b.signerships[cast.signerB.id]!;
    const res = await passRest(cast.signerB, id);
    expectStatus(res, 200);
    expect(res.body.reason).toBeNull();
  });
});
