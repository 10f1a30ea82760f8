import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { type SignatureField, SIGNATURE_FIELD_MESSAGES } from '@shared/schemas/signature-fields.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { TestApp } from '@tests/support/app.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  negotiationSetup,
  nextMessage,
  nonField,
  openSocket,
  setNda,
  subscribe,
} from '@tests/support/negotiation.js';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfPagesText, pdfsig } from '@tests/support/pdf-tools.js';
import { pdfWords } from '@tests/support/pdf-words.js';
import { addRecipientsGroup, expectStatus, recipient, uploadProjectNda } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Signature fields (GET/PUT /projects/nda/{id}/signature_fields/): placed by the sender on the NDA's
// pages, read by both sides, copied to the groups inheriting the project NDA, filled in at signing.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: true, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

const fieldsUrl = (ndaId: number) => `/projects/nda/${ndaId}/signature_fields/`;
const getFields = (user: Parameters<typeof api>[3], ndaId: number) => api(t, 'GET', fieldsUrl(ndaId), user);
const putFields = (user: Parameters<typeof api>[3], ndaId: number, fields: unknown) =>
  api(t, 'PUT', fieldsUrl(ndaId), user, { fields });

/** A box on page 2 of the fixture (612 x 792 points), from its top-left corner in points. */
const at = (
  party: SignatureField['party'],
  kind: SignatureField['kind'],
  left: number,
  top: number,
): SignatureField => ({
  party,
  kind,
  page: 2,
  x: left / 612,
  y: top / 792,
  width: 130 / 612,
  height: 17 / 792,
});

/**
 * The fixture's own signature table (page 2): Party 1 (the sender) and Party 2 (the recipient). The
 * sender's title row is last, so the indices of the others stay put.
 */
const TABLE: SignatureField[] = [
  at('sender', 'signature', 238, 128),
  at('sender', 'name', 238, 146),
  at('sender', 'company', 238, 181),
  at('sender', 'date', 238, 216),
  at('recipient', 'signature', 372, 128),
  at('recipient', 'name', 372, 146),
  at('recipient', 'title', 372, 164),
  at('recipient', 'company', 372, 181),
  at('recipient', 'date', 372, 216),
  at('sender', 'title', 238, 164),
];

describe('GET and PUT /projects/nda/{id}/signature_fields/', () => {
  it('round-trips the fields: the sender places them, both sides read them, live on the NDA room', async () => {
    expect((await getFields(cast.owner, deal.a.ndaId)).body).toEqual({ fields: [] });

    const buyer = openSocket(url, cast.signerA1.access, open);
    await connected(buyer);
    expect((await subscribe(buyer, { ndaId: deal.a.ndaId })).ok).toBe(true);
    const live = nextMessage(buyer, 'signatureFields.changed', (m) => m.nda === deal.a.ndaId);

    const put = await putFields(cast.owner, deal.a.ndaId, TABLE);
    expectStatus(put, 200);
    expect(put.body.fields).toHaveLength(TABLE.length);
    for (const [i, f] of put.body.fields.entries()) expect(f).toEqual(TABLE[i]);
    expect(await live).toEqual({ nda: deal.a.ndaId, fields: put.body.fields });

    for (const who of [cast.owner, cast.manager, cast.signerA1, cast.signerA2]) {
      const got = await getFields(who, deal.a.ndaId);
      expectStatus(got, 200);
      expect(got.body).toEqual(put.body);
    }
    // Another group's NDA is untouched.
    expect((await getFields(cast.owner, deal.b.ndaId)).body).toEqual({ fields: [] });

    // A second PUT replaces the whole set, camelCase or snake_case keys alike; [] clears it.
    const one = await putFields(cast.manager, deal.b.ndaId, [TABLE[5]]);
    expectStatus(one, 200);
    expect(one.body.fields).toEqual([TABLE[5]]);
    expectStatus(await putFields(cast.manager, deal.b.ndaId, []), 200);
    expect((await getFields(cast.signerB, deal.b.ndaId)).body).toEqual({ fields: [] });
  });

  it('is the same over tRPC', async () => {
    const res = await trpcMutation(
      t,
      'ndas.setSignatureFields',
      { id: deal.b.ndaId, fields: [TABLE[0]] },
      authHeader(cast.owner.access),
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toEqual({ fields: [TABLE[0]] });
    expect((await getFields(cast.signerB, deal.b.ndaId)).body).toEqual({ fields: [TABLE[0]] });
  });

  it('refuses the recipient (403, read-only) and anyone who may not see the NDA (404)', async () => {
    const before = (await getFields(cast.owner, deal.a.ndaId)).body;
    expectStatus(await putFields(cast.signerA1, deal.a.ndaId, []), 403);
    for (const who of [cast.stranger, cast.member, cast.signerB]) {
      expectStatus(await putFields(who, deal.a.ndaId, []), 404);
      expectStatus(await getFields(who, deal.a.ndaId), 404);
    }
    expectStatus(await putFields(null, deal.a.ndaId, []), 401);
    expectStatus(await putFields(cast.owner, 99_999_999, []), 404);
    expect((await getFields(cast.owner, deal.a.ndaId)).body).toEqual(before);
  });

  it('answers field errors for boxes outside the page, pages the document lacks and bad values', async () => {
    const outside = await putFields(cast.owner, deal.a.ndaId, [TABLE[0], { ...TABLE[1], x: 0.9, width: 0.2 }]);
    expectStatus(outside, 400);
    expect(outside.body).toEqual({ fields: [SIGNATURE_FIELD_MESSAGES.outside(2)], code: 'invalid_input' });

    const beyond = await putFields(cast.owner, deal.a.ndaId, [{ ...TABLE[0], page: 5 }]);
    expectStatus(beyond, 400);
    expect(beyond.body).toEqual({
      fields: [SIGNATURE_FIELD_MESSAGES.beyondDocument(1, 4)],
      code: 'signature_fields_invalid',
    });

    for (const bad of [
      { ...TABLE[0], party: 'buyer' },
      { ...TABLE[0], kind: 'initials' },
      { ...TABLE[0], width: 0 },
      { ...TABLE[0], y: -0.1 },
      { ...TABLE[0], page: 0 },
      { ...TABLE[0], x: '0.5' },
    ]) {
      const res = await putFields(cast.owner, deal.a.ndaId, [bad]);
      expectStatus(res, 400);
      expect(Object.keys(res.body)).toEqual(['fields', 'code']);
    }
    expectStatus(await putFields(cast.owner, deal.a.ndaId, Array(51).fill(TABLE[0])), 400);
    expectStatus(await api(t, 'PUT', fieldsUrl(deal.a.ndaId), cast.owner, { nope: [] }), 400);
    expect((await getFields(cast.owner, deal.a.ndaId)).body.fields).toHaveLength(TABLE.length);
  });
});

describe('a group’s NDA inherited from the project', () => {
  it('takes the project NDA’s fields, and follows them until it has fields of its own', async () => {
    const projectNda = await uploadProjectNda(t, cast.owner, deal.projectId);
    const groupNda = async (branchId: number) =>
      (
        await t.core.db
          .selectFrom('ndas')
          .select('id')
          .where('projectBranchId', '=', branchId)
          .executeTakeFirstOrThrow()
      ).id;

    // A group made before the fields exist follows the project NDA's later changes.
    const early = await addRecipientsGroup(t, cast.owner, deal.projectId, [recipient('early')], {
      name: 'Early',
      inheritNdaFromProject: true,
    });
    const earlyNda = await groupNda(early.group.id);
    expect((await getFields(cast.owner, earlyNda)).body).toEqual({ fields: [] });

    expectStatus(await putFields(cast.owner, projectNda.id, TABLE), 200);
    expect((await getFields(cast.owner, earlyNda)).body.fields).toEqual(TABLE);

    // A group made now copies them with its NDA.
    const late = await addRecipientsGroup(t, cast.owner, deal.projectId, [recipient('late')], {
      name: 'Late',
      inheritNdaFromProject: true,
    });
    const lateNda = await groupNda(late.group.id);
    expect(lateNda).not.toBe(projectNda.id);
    expect((await getFields(cast.owner, lateNda)).body.fields).toEqual(TABLE);

    // The late group's fields change on their own: it keeps them when the project's change again.
    expectStatus(await putFields(cast.owner, lateNda, TABLE.slice(0, 2)), 200);
    expectStatus(await putFields(cast.owner, projectNda.id, TABLE.slice(4)), 200);
    expect((await getFields(cast.owner, earlyNda)).body.fields).toEqual(TABLE.slice(4));
    expect((await getFields(cast.owner, lateNda)).body.fields).toEqual(TABLE.slice(0, 2));
  });
});

const HAS_POPPLER = HAS_PDFTOTEXT && HAS_PDFSIG;

describe('signing an NDA with signature fields', () => {
  let signed: Buffer;
  let signedAt: string;
  const signUrl = () => `/projects/dashboard/${deal.a.signerships[cast.signerA1.id]}/sign/`;

  beforeAll(async () => {
    expectStatus(await putFields(cast.owner, deal.a.ndaId, TABLE), 200);
    // The sender's title is the account owner's job title, from their profile.
    expectStatus(await api(t, 'PATCH', '/me/1/', cast.owner, { job_title: 'Managing Partner' }), 200);
  }, SETUP_MS);

  it('asks the signer for their title when the NDA has a recipient title field (400 keyed jobTitle)', async () => {
    for (const body of [undefined, { job_title: '' }, { job_title: '   ' }]) {
      const res = await api(t, 'POST', signUrl(), cast.signerA1, body);
      expectStatus(res, 400);
      expect(res.body).toEqual({ jobTitle: [SIGNING_MESSAGES.titleRequired], code: 'signing_details_missing' });
    }
    const long = await api(t, 'POST', signUrl(), cast.signerA1, { job_title: 't'.repeat(101) });
    expectStatus(long, 400);
    expect(long.body).toEqual({
      jobTitle: ['Ensure this field has no more than 100 characters.'],
      code: 'invalid_input',
    });
    const lines = await api(t, 'POST', signUrl(), cast.signerA1, { job_title: 'General\nCounsel' });
    expectStatus(lines, 400);
    expect(Object.keys(lines.body)).toEqual(['jobTitle', 'code']);
    const row = await t.core.db
      .selectFrom('ndas')
      .select(['isSigned', 'signedFileKey'])
      .where('id', '=', deal.a.ndaId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ isSigned: false, signedFileKey: null });
  });

  it(
    'signs with the title given, and saves it on the signer’s profile',
    async () => {
      const res = await api(
        t,
        'GET',
        `${signUrl()}?job_title=${encodeURIComponent(' General Counsel ')}`,
        cast.signerA1,
      );
      expectStatus(res, 200);
      signedAt = res.body.signedAt;
      expect((await api(t, 'GET', '/me/1/', cast.signerA1)).body.jobTitle).toBe('General Counsel');
      const row = await t.core.db
        .selectFrom('ndas')
        .select('signedFileKey')
        .where('id', '=', deal.a.ndaId)
        .executeTakeFirstOrThrow();
      signed = (await t.core.blobs.get(row.signedFileKey!))!.body;
    },
    SETUP_MS,
  );

  it.skipIf(!HAS_POPPLER)(
    'writes each party’s name, title, company and date inside its field’s box on its page',
    () => {
      const page = pdfWords(signed)[1]!;
      const inside = (text: string, f: SignatureField) => {
        const box = {
          left: f.x * page.width,
          top: f.y * page.height,
          right: (f.x + f.width) * page.width,
          bottom: (f.y + f.height) * page.height,
        };
        // The words standing inside the box are exactly the expected text.
        const found = page.words.filter(
          (w) => w.xMin >= box.left && w.xMax <= box.right && w.yMin >= box.top - 0.5 && w.yMax <= box.bottom + 0.5,
        );
        expect(found.map((w) => w.text).join(' '), `${text} in ${JSON.stringify(box)}`).toBe(text);
      };
      const date = new Date(signedAt);
      const plainDate = `${date.getUTCDate()} ${date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${date.getUTCFullYear()}`;
      inside('Alice Acquirer', TABLE[5]!);
      inside('General Counsel', TABLE[6]!);
      inside('Buyer A Capital', TABLE[7]!);
      inside(plainDate, TABLE[8]!);
      inside('Olivia Owner', TABLE[1]!);
      inside('Managing Partner', TABLE[9]!);
      inside('Adviser Partners LLP', TABLE[2]!);
      inside(plainDate, TABLE[3]!);
    },
  );

  it.skipIf(!HAS_POPPLER)('stamps no footer signature block, and pdfsig still reports the seal valid', () => {
    const pages = pdfPagesText(signed);
    const last = pages[3]!;
    expect(last).not.toContain('Receiving party');
    expect(last).toContain(`Document NDA-${deal.a.ndaId}`);
    // The certificate names each party's title in its block.
    const certificate = pages.slice(4).join(' ');
    expect(certificate).toContain('Title: Managing Partner');
    expect(certificate).toContain('Title: General Counsel');
    expect(pdfsig(signed)).toContain('Signature is Valid');
  });

  it('keeps the fields once signed: a PUT answers 400 with nonFieldErrors', async () => {
    const res = await putFields(cast.owner, deal.a.ndaId, []);
    expectStatus(res, 400);
    expect(nonField(res)).toBe(NDA_MESSAGES.signedIsFinal);
    expect((await getFields(cast.signerA1, deal.a.ndaId)).body.fields).toHaveLength(TABLE.length);
  });

  it('refuses a recalled NDA’s fields only once signed: recalled and unsigned stays editable', async () => {
    await setNda(t, deal.b.ndaId, { isRecalled: true });
    expectStatus(await putFields(cast.owner, deal.b.ndaId, [TABLE[0]]), 200);
    await setNda(t, deal.b.ndaId, { isRecalled: false });
  });
});

describe('signing over tRPC with title fields', () => {
  it('asks for the signer’s title, takes it from their profile, and signs with the sender’s title left empty', async () => {
    const signership = deal.b.signerships[cast.signerB.id]!;
    // A recipient and a sender title field; the owner has no job title: the sender's box stays empty.
    expectStatus(await putFields(cast.owner, deal.b.ndaId, [TABLE[6], TABLE[9]]), 200);
    expectStatus(await api(t, 'PATCH', '/me/1/', cast.owner, { job_title: '' }), 200);
    const signerB = authHeader(cast.signerB.access);

    const refused = await trpcMutation(t, 'signing.sign', { signership }, signerB);
    expect(refused.status).toBe(400);
    expect(refused.error!.data.body).toEqual({
      jobTitle: [SIGNING_MESSAGES.titleRequired],
      code: 'signing_details_missing',
    });

    const saved = await trpcMutation(t, 'account.updateProfile', { jobTitle: 'Head of M&A' }, signerB);
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const res = await trpcMutation(t, 'signing.sign', { signership }, signerB);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ nda: deal.b.ndaId, isSigned: true });

    if (!HAS_POPPLER) return;
    const row = await t.core.db
      .selectFrom('ndas')
      .select('signedFileKey')
      .where('id', '=', deal.b.ndaId)
      .executeTakeFirstOrThrow();
    const page = pdfWords((await t.core.blobs.get(row.signedFileKey!))!.body)[1]!;
    const within = (f: SignatureField) =>
      page.words
        .filter(
          (w) =>
            w.xMin >= f.x * page.width &&
            w.xMax <= (f.x + f.width) * page.width &&
            w.yMin >= f.y * page.height - 0.5 &&
            w.yMax <= (f.y + f.height) * page.height + 0.5,
        )
        .map((w) => w.text)
        .join(' ');
    expect(within(TABLE[6]!)).toBe('Head of M&A');
    expect(within(TABLE[9]!)).toBe('');
  });
});
