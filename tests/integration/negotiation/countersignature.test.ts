import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTERSIGN_MESSAGES, SIGNING_MESSAGES } from '@shared/signing.js';
import { THREAD_MESSAGES } from '@server/policies/negotiation.js';
import type { TestApp } from '@tests/support/app.js';
import { call, fixture } from '@tests/support/account-area.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  createDeal,
  createThread,
  type Deal,
  eventRows,
  insertGroup,
  negotiationSetup,
  nonField,
  openNda,
} from '@tests/support/negotiation.js';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfsig, pdfText } from '@tests/support/pdf-tools.js';
import { expectStatus } from '@tests/support/projects.js';

// A deliberate signing step and a countersignature by hand. Signing records the signatory's consent to
// sign electronically (ticked, or implied by an API call without it) with time, IP and user agent, and
// the certificate prints it. With `countersignature: "manual"` the bidder's signature leaves the NDA
// "Signed by the bidder, awaiting countersignature" until the sending side countersigns; a recall in
// between voids it, and the certificate says so.

let t: TestApp;
let cast: Cast;
let deal: Deal;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chromium/131.0 NDA-test';

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

const ndaRow = (id: number) => t.core.db.selectFrom('ndas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const consents = (ndaId: number) =>
  t.core.db.selectFrom('signingConsents').selectAll().where('ndaId', '=', ndaId).orderBy('id').execute();
const signedText = async (ndaId: number) =>
  pdfText((await t.core.blobs.get((await ndaRow(ndaId)).signedFileKey!))!.body);

function signRest(user: TestUser | null, signership: number, body: Record<string, unknown> = {}, path = 'sign') {
  return t.app
    .inject({
      method: 'POST',
      url: `/api/v1/projects/dashboard/${signership}/${path}/`,
      headers: { ...(user ? authHeader(user.access) : {}), 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
      remoteAddress: '203.0.113.7',
    })
    .then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) }));
}

describe('consent to sign electronically (automatic countersignature)', () => {
  it('refuses consent: false with the message', async () => {
    const res = await signRest(cast.signerB, deal.b.signerships[cast.signerB.id]!, { consent: false });
    expectStatus(res, 400);
    expect(JSON.stringify(res.body)).toContain(SIGNING_MESSAGES.consentRequired);
  });

  it('records a ticked consent with time, IP and user agent, and prints it on the certificate', async () => {
    const res = await signRest(cast.signerB, deal.b.signerships[cast.signerB.id]!, { consent: true });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ isSigned: true, recipientSignedAt: null });
    const [consent] = await consents(deal.b.ndaId);
    expect(consent).toMatchObject({ side: 'recipient', via: 'confirmation', ip: '203.0.113.7', userAgent: BROWSER });
    expect(consent!.userId).toBe(cast.signerB.id);
    if (HAS_PDFTOTEXT) {
      const text = await signedText(deal.b.ndaId);
      expect(text).toContain('Consent to sign electronically, ticked before signing on');
      expect(text).toContain('NDA-test');
      expect(text).toContain('I agree to sign this NDA electronically');
    }
  });

  it('keeps signing without consent over tRPC, and the certificate says it came through the API', async () => {
    const group = await insertGroup(t, deal.projectId, [cast.signerA1], { name: 'Through the API' });
    const res = await trpcMutation(
      t,
      'signing.sign',
      { signership: group.signerships[cast.signerA1.id] },
      authHeader(cast.signerA1.access),
    );
    expect(res.error).toBeUndefined();
    expect(res.data.isSigned).toBe(true);
    expect((await consents(group.ndaId))[0]).toMatchObject({ via: 'api', side: 'recipient' });
    if (HAS_PDFTOTEXT)
      expect(await signedText(group.ndaId)).toContain('Consent to sign electronically given through the API');
  });
});

describe('countersignature by an authorised signatory', () => {
  let pending: { ndaId: number; signership: number };
  let recalled: { ndaId: number; signership: number };

  beforeAll(async () => {
    expectStatus(
      await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, { countersignature: 'manual' }),
      200,
    );
    const a = await insertGroup(t, deal.projectId, [cast.signerA2], { name: 'Manual A' });
    pending = { ndaId: a.ndaId, signership: a.signerships[cast.signerA2.id]! };
    const b = await insertGroup(t, deal.projectId, [cast.signerB], { name: 'Manual B' });
    recalled = { ndaId: b.ndaId, signership: b.signerships[cast.signerB.id]! };
    // A CIM, released on full execution (the default); a real PDF, since a bidder gets it stamped.
    const cimKey = `projects/test-cim-${crypto.randomBytes(6).toString('hex')}.pdf`;
    await t.core.blobs.put(cimKey, fixture('pdfs/normal.pdf'), 'application/pdf');
    await t.core.db
      .updateTable('projects')
      .set({ cimKey, cimName: 'CIM.pdf' })
      .where('id', '=', deal.projectId)
      .execute();
  });

  it('leaves the NDA signed by the bidder, awaiting countersignature: event, status, live answer', async () => {
    const res = await signRest(cast.signerA2, pending.signership, { consent: true });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ isSigned: false, signedAt: null, recipientSignedAt: expect.any(String) });
    const row = await ndaRow(pending.ndaId);
    expect(row.isSigned).toBe(false);
    expect(row.signedFileKey).toBeNull();
    expect(await eventRows(t, deal.projectId, 'recipient_signed')).toHaveLength(1);
    // Signing again answers the same, with no second event.
    expectStatus(await signRest(cast.signerA2, pending.signership, { consent: true }), 200);
    expect(await eventRows(t, deal.projectId, 'recipient_signed')).toHaveLength(1);
    const nda = await api(t, 'GET', `/projects/nda/${pending.ndaId}/`, cast.owner);
    expect(nda.body.recipientSignedAt).toBe(res.body.recipientSignedAt);
    // Both sides hear of it by e-mail.
    const told = await t.core.db
      .selectFrom('notifications')
      .innerJoin('events', 'events.id', 'notifications.eventId')
      .select('notifications.userId')
      .where('events.status', '=', 'recipient_signed')
      .execute();
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([cast.owner.id, cast.signerA2.id]));
  });

  it('closes the negotiation and keeps the CIM until execution', async () => {
    const thread = await createThread(t, cast.signerA2, pending.ndaId);
    expectStatus(thread, 400);
    expect(nonField(thread)).toBe(THREAD_MESSAGES.closed);
    const cim = () =>
      call(t, 'GET', `/projects/projects/${deal.projectId}/get_cim_pdf/`, { access: cast.signerA2.access });
    expect((await cim()).status).toBe(404);
    expectStatus(
      await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
        release_documents_on: 'recipient_signed',
      }),
      200,
    );
    expect((await cim()).status).toBe(200);
  });

  it('answers 404 to the bidder and anyone who may not countersign, 400 when nothing awaits one', async () => {
    for (const user of [cast.signerA2, cast.signerB, cast.member, cast.stranger])
      expect((await signRest(user, pending.signership, { consent: true }, 'countersign')).status, user.email).toBe(404);
    const nothing = await signRest(cast.owner, recalled.signership, { consent: true }, 'countersign');
    expectStatus(nothing, 400);
    expect(nonField(nothing)).toBe(COUNTERSIGN_MESSAGES.nothingAwaits);
  });

  it('is countersigned over tRPC by a team member with their own signature, sealed and signed', async () => {
    await t.core.db
      .updateTable('users')
      .set({
        signKey: (
          await t.core.db
            .selectFrom('users')
            .select('signKey')
            .where('id', '=', cast.owner.id)
            .executeTakeFirstOrThrow()
        ).signKey,
        jobTitle: 'Director',
      })
      .where('id', '=', cast.manager.id)
      .execute();
    const countersign = () =>
      trpcMutation(
        t,
        'signing.countersign',
        { signership: pending.signership, consent: true },
        authHeader(cast.manager.access),
      );
    // Not before the countersignatory has opened the NDA, by either door.
    const refused = { nonFieldErrors: [SIGNING_MESSAGES.notOpened], code: 'nda_not_opened' };
    const unopened = await countersign();
    expect(unopened.status).toBe(400);
    expect(unopened.error?.data.body).toEqual(refused);
    const rest = await signRest(cast.manager, pending.signership, { consent: true }, 'countersign');
    expectStatus(rest, 400);
    expect(rest.body).toEqual(refused);
    // Reading a draft records nothing: its document may still change before it is sent.
    const draft = await insertGroup(t, deal.projectId, [cast.signerB], { name: 'Draft', isSent: false });
    await openNda(t, cast.manager, draft.ndaId);
    expect(await t.core.db.selectFrom('events').select('id').where('ndaId', '=', draft.ndaId).execute()).toEqual([]);
    // Opening it as the NDA page does records their first opening, once.
    await openNda(t, cast.manager, pending.ndaId);
    await openNda(t, cast.manager, pending.ndaId);
    const openings = await t.core.db
      .selectFrom('events')
      .select('authorId')
      .where('ndaId', '=', pending.ndaId)
      .where('status', '=', 'nda_opened')
      .orderBy('id')
      .execute();
    expect(openings.map((e) => e.authorId)).toEqual([cast.signerA2.id, cast.manager.id]);
    const res = await countersign();
    expect(res.error).toBeUndefined();
    expect(res.data).toMatchObject({ isSigned: true, signedBy: cast.manager.id });
    expect(await eventRows(t, deal.projectId, 'nda_signed')).toHaveLength(3);
    expect((await consents(pending.ndaId)).map((c) => [c.side, c.via])).toEqual([
      ['recipient', 'confirmation'],
      ['sender', 'confirmation'],
    ]);
    const file = (await t.core.blobs.get((await ndaRow(pending.ndaId)).signedFileKey!))!.body;
    if (HAS_PDFSIG) expect(pdfsig(file)).toContain('Signature is Valid');
    if (HAS_PDFTOTEXT) {
      const text = pdfText(file);
      expect(text).toContain('Adviser Partners LLP, signed by');
      expect(text).toContain('Director');
      expect(text).toContain('NDA signed by the receiving party, awaiting the countersignature');
      expect(text).toContain('NDA countersigned: executed');
      // Both parties' first openings, the bidder's and the countersignatory's.
      const opened = text.slice(text.indexOf('First opening of the NDA (UTC)'));
      for (const who of [cast.signerA2, cast.manager])
        expect(opened).toMatch(new RegExp(`${who.user.firstName} ${who.user.lastName} from IP .*NDA test browser`));
    }
    // Countersigning again answers the signature.
    const again = await signRest(cast.owner, pending.signership, { consent: true }, 'countersign');
    expectStatus(again, 200);
    expect(again.body.isSigned).toBe(true);
  });

  it('lets the sender recall while the countersignature is pending: the bidder’s signature is void', async () => {
    expectStatus(await signRest(cast.signerB, recalled.signership, { consent: true }), 200);
    const recall = await api(t, 'PATCH', `/projects/nda/${recalled.ndaId}/`, cast.owner, { is_recalled: true });
    expectStatus(recall, 200);
    expect((await ndaRow(recalled.ndaId)).recipientSignedAt).toBeNull();
    expectStatus(await signRest(cast.owner, recalled.signership, { consent: true }, 'countersign'), 400);
    expectStatus(await api(t, 'PATCH', `/projects/nda/${recalled.ndaId}/`, cast.owner, { is_recalled: false }), 200);
    expectStatus(await signRest(cast.signerB, recalled.signership, { consent: true }), 200);
    await openNda(t, cast.owner, recalled.ndaId);
    expectStatus(await signRest(cast.owner, recalled.signership, {}, 'countersign'), 200);
    if (HAS_PDFTOTEXT) {
      const text = await signedText(recalled.ndaId);
      expect(text).toContain('NDA recalled while awaiting countersignature: the receiving party’s signature given');
      expect(text).toContain('Consent to sign electronically given through the API');
    }
  });
});
