import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { readPdfSignatures } from '@server/services/signing/pdf-signatures.js';
import { call } from '@tests/support/account-area.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import {
  api,
  type Cast,
  connected,
  createCast,
  createDeal,
  type Deal,
  nextMessage,
  openSocket,
  subscribe,
} from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';
import { startTimestampAuthority, type TimestampAuthority } from '@tests/support/timestamp-authority.js';
import { SETUP_MS } from '@tests/support/wait.js';
import { readStoredZip } from '@tests/support/zip-read.js';

// While a signed NDA waits for its trusted timestamp (the authority down, a pending_seals row), no door
// gives its unsealed file as the signed NDA: the download answers 409 with its reason, the project's
// archive leaves it out and the signed copy's e-mail waits. Once the backlog seals it, all three follow.

let t: TestApp;
let tsa: TimestampAuthority;
let cast: Cast;
let deal: Deal;

beforeAll(async () => {
  tsa = await startTimestampAuthority();
  t = await startTestApp({ signing: { tsaUrls: [tsa.url] } });
  cast = await createCast(t, { signersReady: true });
  deal = await createDeal(t, cast);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
  await tsa?.close();
});

const pdfOf = (user: TestUser, ndaId: number, query = '') =>
  call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/${query}`, { access: user.access });
const zipNames = async () => {
  const res = await call(t, 'GET', `/projects/projects/${deal.projectId}/signed_ndas.zip`, {
    access: cast.owner.access,
  });
  expect(res.status).toBe(200);
  return readStoredZip(res.raw).map((e) => e.name);
};
/** The signed copy's e-mails each person was sent: "NDA signed: <project>". */
const signedMails = async (user: TestUser) =>
  (
    await t.core.db
      .selectFrom('outboxEmails')
      .select('id')
      .where('toAddress', '=', user.email)
      .where('subject', 'like', 'NDA signed:%')
      .execute()
  ).length;

describe('a signed NDA whose seal is pending', () => {
  let ownerMailsBefore: number;

  beforeAll(async () => {
    await tsa.down();
    ownerMailsBefore = await signedMails(cast.owner);
    expectStatus(
      await api(t, 'GET', `/projects/dashboard/${deal.b.signerships[cast.signerB.id]}/sign/`, cast.signerB),
      200,
    );
  }, SETUP_MS);

  it('answers 409 with its reason to both sides for the signed PDF, and the original as sent on asking', async () => {
    for (const user of [cast.signerB, cast.owner]) {
      const res = await pdfOf(user, deal.b.ndaId);
      expect(res.status, user.email).toBe(409);
      expect(res.body).toEqual({ detail: SIGNING_MESSAGES.sealPending, code: 'seal_pending' });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
    const original = await pdfOf(cast.owner, deal.b.ndaId, '?original=true');
    expect(original.status).toBe(200);
    expect(original.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readPdfSignatures(original.raw)).toEqual([]);
    // The NDA says so; its file is the document as sent, not the signed file's address.
    const nda = await api(t, 'GET', `/projects/nda/${deal.b.ndaId}/`, cast.signerB);
    expect(nda.body).toMatchObject({ isSigned: true, sealPending: true });
    expect(nda.body.file).toContain('original=true');
    const group = await api(t, 'GET', `/projects/project_branches/${deal.b.branchId}/`, cast.owner);
    expect(group.body.nda).toMatchObject({ isSigned: true, sealPending: true });
  });

  it('is left out of the project’s archive of signed NDAs', async () => {
    expect((await zipNames()).some((name) => name.includes('Group B'))).toBe(false);
  });

  it('sends no signed copy by e-mail yet', async () => {
    expect(await signedMails(cast.signerB)).toBe(0);
    expect(await signedMails(cast.owner)).toBe(ownerMailsBefore);
  });

  it(
    'once the backlog seals it: the page told live, the sealed download, the archive entry and the e-mail to both sides',
    async () => {
      // The bidder has the NDA's page open.
      const socket = openSocket(await t.listen(), cast.signerB.access);
      await connected(socket);
      expect(await subscribe(socket, { ndaId: deal.b.ndaId })).toMatchObject({ ok: true });
      const told = nextMessage<{ id: number; sealPending: boolean; file: string }>(
        socket,
        'nda.updated',
        (m) => m.id === deal.b.ndaId && !m.sealPending,
      );
      // The try the signature queued settles first, still without an authority.
      await t.core.seals.drain();
      await tsa.up();
      // Its backoff has run out.
      await t.core.db
        .updateTable('pendingSeals')
        .set({ nextAttemptAt: new Date(0) })
        .execute();
      await t.core.seals.drain();
      expect((await told).file).toMatch(/-signed$/);
      socket.disconnect();
      const res = await pdfOf(cast.signerB, deal.b.ndaId);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toContain('(signed).pdf');
      const signatures = readPdfSignatures(res.raw);
      expect(signatures.map((s) => [s.subFilter, s.valid])).toEqual([
        ['ETSI.CAdES.detached', true],
        ['ETSI.RFC3161', true],
      ]);
      const nda = await api(t, 'GET', `/projects/nda/${deal.b.ndaId}/`, cast.owner);
      expect(nda.body).toMatchObject({ sealPending: false });
      expect(nda.body.file).toMatch(/-signed$/);
      expect(await zipNames()).toContain('Project Falcon - Group B - Mutual NDA (signed).pdf');
      expect(await signedMails(cast.signerB)).toBe(1);
      expect(await signedMails(cast.owner)).toBe(ownerMailsBefore + 1);
    },
    SETUP_MS,
  );
});
