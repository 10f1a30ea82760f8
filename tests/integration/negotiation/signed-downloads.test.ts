import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import { call } from '@tests/support/account-area.js';
import type { TestUser } from '@tests/support/factories.js';
import { api, type Cast, createDeal, type Deal, insertGroup, negotiationSetup } from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';
import { HAS_UNZIP, readStoredZip, unzipTest } from '@tests/support/zip-read.js';

// Signed files are named for what they are: `<project> - <group> - <NDA name> (signed).pdf`, one at a
// time (GET /projects/nda/{id}/get_nda_pdf/) or all of a project's in one ZIP for its sending side.

let t: TestApp;
let cast: Cast;
let deal: Deal;
/** A second group named like group B (its NDA signed too), and a group whose NDA is not signed. */
let twin: { ndaId: number };

const signedName = (group: string) => `Project Falcon - ${group} - Mutual NDA (signed).pdf`;
const zipOf = (user: Pick<TestUser, 'access'> | null, projectId = deal.projectId) =>
  call(t, 'GET', `/projects/projects/${projectId}/signed_ndas.zip`, { access: user?.access ?? null });
const pdfOf = (user: Pick<TestUser, 'access'>, ndaId: number) =>
  call(t, 'GET', `/projects/nda/${ndaId}/get_nda_pdf/`, { access: user.access });

async function sign(user: TestUser, signership: number): Promise<void> {
  expectStatus(await api(t, 'GET', `/projects/dashboard/${signership}/sign/`, user), 200);
}

negotiationSetup({ signersReady: true }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});
// Three signatures, each a signed PDF built and sealed: a set-up step of their own.
beforeAll(async () => {
  const extra = await insertGroup(t, deal.projectId, [cast.signerA2], { name: 'Group B' });
  twin = { ndaId: extra.ndaId };
  await insertGroup(t, deal.projectId, [cast.signerA1], { name: 'Group C' });
  // Group A (signers A1 and A2), group B and its namesake are signed; group C is not.
  await sign(cast.signerA1, deal.a.signerships[cast.signerA1.id]!);
  await sign(cast.signerB, deal.b.signerships[cast.signerB.id]!);
  await sign(cast.signerA2, extra.signerships[cast.signerA2.id]!);
}, SETUP_MS);

describe('a signed NDA’s download', () => {
  it('is named <project> - <group> - <NDA name> (signed).pdf for the sending side', async () => {
    const res = await pdfOf(cast.owner, deal.b.ndaId);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${signedName('Group B')}"`);
  });

  it('is named for the recipient’s own company, never for the group’s label, when the recipient downloads it', async () => {
    const res = await pdfOf(cast.signerB, deal.b.ndaId);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${signedName('Buyer B Holdings')}"`);
  });

  it('keeps the plain name for the document as sent (?original=true)', async () => {
    const res = await call(t, 'GET', `/projects/nda/${deal.b.ndaId}/get_nda_pdf/?original=true`, {
      access: cast.owner.access,
    });
    expect(res.headers['content-disposition']).toBe('attachment; filename="Mutual NDA.pdf"');
  });
});

describe('GET /projects/projects/{id}/signed_ndas.zip', () => {
  it('holds every signed NDA of the project, named as its download, bytes equal to it', async () => {
    for (const sender of [cast.owner, cast.manager]) {
      const res = await zipOf(sender);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="Project Falcon - signed NDAs.zip"');
      expect(res.headers['cache-control']).toBe('no-store');
      const entries = readStoredZip(res.raw);
      expect(entries.map((e) => e.name)).toEqual([
        signedName('Group A'),
        signedName('Group B'),
        'Project Falcon - Group B - Mutual NDA (signed) (2).pdf',
      ]);
      const ndas = [deal.a.ndaId, deal.b.ndaId, twin.ndaId];
      for (const [i, entry] of entries.entries()) {
        expect(entry.crcMatches).toBe(true);
        const pdf = await pdfOf(cast.owner, ndas[i]!);
        expect(entry.data.subarray(0, 5).toString()).toBe('%PDF-');
        expect(Buffer.compare(entry.data, pdf.raw)).toBe(0);
      }
      if (HAS_UNZIP) expect(unzipTest(res.raw)).toMatch(/No errors detected/);
    }
  });

  it('streams over HTTP the same archive', async () => {
    const url = await t.listen();
    const res = await fetch(`${url}/api/v1/projects/projects/${deal.projectId}/signed_ndas.zip`, {
      headers: { authorization: `Bearer ${cast.owner.access}` },
    });
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.equals((await zipOf(cast.owner)).raw)).toBe(true);
    expect(readStoredZip(zip)).toHaveLength(3);
  });

  it('is not there for a recipient, a team member off the project, another company or a missing project', async () => {
    for (const user of [cast.signerA1, cast.signerB, cast.member, cast.stranger]) expectStatus(await zipOf(user), 404);
    expectStatus(await zipOf(cast.owner, 2_000_000_000), 404);
    expect((await zipOf(null)).status).toBe(401);
  });

  it('answers an empty archive for a project with nothing signed', async () => {
    const other = await createDeal(t, cast, { name: 'Project Osprey' });
    const res = await zipOf(cast.owner, other.projectId);
    expect(res.status).toBe(200);
    expect(readStoredZip(res.raw)).toEqual([]);
  });
});
