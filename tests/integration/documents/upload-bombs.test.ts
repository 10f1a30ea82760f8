import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { UPLOAD_MESSAGES } from '@shared/uploads.js';
import { SigningPool } from '@server/services/signing/signing-pool.js';
import { loadSigningKey } from '@server/services/signing/signing-key.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture, imagePart } from '@tests/support/account-area.js';
import { docxBomb, jpegDeclaring, pdfContentBomb, pngBomb, pngDeclaring, smallDocx } from '@tests/support/bombs.js';
import { bytesPart, insertProject, postNda, postTemplate } from '@tests/support/documents.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { api, type Cast, createCast, createDeal } from '@tests/support/negotiation.js';
import { signaturePng } from '@tests/support/signature-png.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Upload bombs (tests/support/bombs.ts) are refused with a 400 and the spec's error shape before the
// costly work starts (no conversion, no preview, no decoding), and leave no row and no file behind.
// Timings are printed, not asserted: the machine is shared.

let t: TestApp;
let cast: Cast;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [cast, other] = await Promise.all([createCast(t, { signersReady: true }), createOwner(t)]);
}, SETUP_MS);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

/** Every file in the test app's local blob store. */
function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function rowCount(table: 'ndaTemplates' | 'ndas'): Promise<number> {
  const row = await t.core.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs an upload, prints how long it took, and checks that it left no template, NDA or file behind. */
async function refusedWithoutTrace<T>(what: string, upload: () => Promise<T>): Promise<T> {
  const [templates, ndas, files] = [await rowCount('ndaTemplates'), await rowCount('ndas'), storedFiles()];
  const started = performance.now();
  const res = await upload();
  console.log(`${what}: answered in ${Math.round(performance.now() - started)} ms`);
  expect(await rowCount('ndaTemplates')).toBe(templates);
  expect(await rowCount('ndas')).toBe(ndas);
  expect(storedFiles()).toEqual(files);
  return res;
}

describe('word-processor bombs never reach LibreOffice', () => {
  it('a DOCX that unpacks to 300 MB: 400 on file, as a template and as an NDA', async () => {
    const convert = vi.spyOn(t.core.converter, 'toPdf');
    const bomb = docxBomb(300);
    const project = await insertProject(t, cast.owner, 'Bomb project');
    for (const send of [
      () => postTemplate(t, cast.owner, 'Bomb', bytesPart('file', bomb, 'bomb.docx', 'application/octet-stream')),
      () => postNda(t, cast.owner, { project, name: 'Bomb' }, bytesPart('file', bomb, 'bomb.docx')),
    ]) {
      const res = await refusedWithoutTrace('DOCX zip bomb', send);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.unpacksTooLarge], code: 'upload_invalid' });
    }
    expect(convert).not.toHaveBeenCalled();
  });

  it('a DOCX that declares 1 MB but unpacks to 50 MB: refused the same way', async () => {
    const convert = vi.spyOn(t.core.converter, 'toPdf');
    const res = await refusedWithoutTrace('lying DOCX', () =>
      postTemplate(t, cast.owner, 'Liar', bytesPart('file', docxBomb(50, 1), 'liar.docx')),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.unpacksTooLarge], code: 'upload_invalid' });
    expect(convert).not.toHaveBeenCalled();
  });

  it('a conversion that runs out of time answers 400 with a plain message and stores nothing', async () => {
    const { ConversionTimeoutError } = await import('@server/services/converter.js');
    vi.spyOn(t.core.converter, 'isAvailable').mockResolvedValue(true);
    vi.spyOn(t.core.converter, 'toPdf').mockRejectedValue(new ConversionTimeoutError('stopped'));
    const res = await refusedWithoutTrace('timed-out conversion', () =>
      postTemplate(t, cast.owner, 'Slow', bytesPart('file', smallDocx(), 'slow.docx')),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.conversionTooSlow], code: 'upload_invalid' });
  });
});

describe('a PDF whose content stream unpacks to 200 MB of strokes', () => {
  it('is refused before any preview or PDF reader, on every upload path', async () => {
    const bomb = pdfContentBomb(200);
    const project = await insertProject(t, cast.owner, 'PDF bomb project');
    for (const send of [
      () => postTemplate(t, cast.owner, 'Strokes', bytesPart('file', bomb)),
      () => postNda(t, cast.owner, { project, name: 'Strokes' }, bytesPart('file', bomb)),
    ]) {
      const res = await refusedWithoutTrace('PDF content-stream bomb', send);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.pdfTooComplex], code: 'upload_invalid' });
    }
  });
});

describe('picture bombs as signature or avatar', () => {
  const patchMe = (user: TestUser, part: ReturnType<typeof imagePart>) =>
    call(t, 'PATCH', '/me/1/', { access: user.access, form: [part] });
  const signKey = async (user: TestUser) =>
    (await t.core.db.selectFrom('users').select('signKey').where('id', '=', user.id).executeTakeFirstOrThrow()).signKey;

  it('refuses pictures whose headers declare too many pixels, keeping the saved signature', async () => {
    const before = await signKey(other);
    const cases: Array<[ReturnType<typeof imagePart>, Record<string, string[]>]> = [
      [imagePart('sign', pngBomb(), 'bomb.png'), { sign: [ACCOUNT_MESSAGES.signatureDimensions] }],
      [imagePart('sign', pngDeclaring(20_000, 20_000), 'huge.png'), { sign: [ACCOUNT_MESSAGES.signatureDimensions] }],
      [imagePart('sign', pngBomb(400, 140, 300), 'liar.png'), { sign: [ACCOUNT_MESSAGES.imageDamaged] }],
      [
        imagePart('avatar', jpegDeclaring(20_000, 20_000), 'huge.jpg', 'image/jpeg'),
        { avatar: [ACCOUNT_MESSAGES.imageDimensions] },
      ],
      [imagePart('avatar', pngDeclaring(20_000, 20_000), 'huge.png'), { avatar: [ACCOUNT_MESSAGES.imageDimensions] }],
    ];
    for (const [part, body] of cases) {
      const res = await refusedWithoutTrace(`picture bomb (${part.file!.filename})`, () => patchMe(other, part));
      expect(res.status, part.file!.filename).toBe(400);
      expect(res.body).toEqual({ ...body, code: 'image_invalid' });
    }
    expect(await signKey(other)).toBe(before);
  });

  it('keeps what the signature pad saves (400 x 140 and 400 x 80)', async () => {
    for (const png of [signaturePng(400, 140), signaturePng(400, 80)]) {
      const res = await patchMe(other, imagePart('sign', png, 'signature.png'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('a bomb saved as a signature before these checks existed is refused at signing, before the worker', async () => {
    const deal = await createDeal(t, cast, { name: 'Stored bomb' });
    const key = `users/${cast.signerB.id}/sign-bomb.png`;
    await t.core.blobs.put(key, pngBomb(), 'image/png');
    await t.core.db.updateTable('users').set({ signKey: key }).where('id', '=', cast.signerB.id).execute();
    const build = vi.spyOn(t.core.signing, 'build');
    const started = performance.now();
    const res = await api(t, 'GET', `/projects/dashboard/${deal.b.signerships[cast.signerB.id]}/sign/`, cast.signerB);
    console.log(`signing with a stored PNG bomb: answered in ${Math.round(performance.now() - started)} ms`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ nonFieldErrors: [SIGNING_MESSAGES.signatureTooLarge], code: 'signing_details_missing' });
    expect(build).not.toHaveBeenCalled();
    const nda = await t.core.db
      .selectFrom('ndas')
      .select('isSigned')
      .where('id', '=', deal.b.ndaId)
      .executeTakeFirstOrThrow();
    expect(nda.isSigned).toBe(false);
  });
});

describe('the signing worker guards itself', () => {
  it('refuses a PNG bomb handed to it directly, without decoding it', async () => {
    const pool = new SigningPool(() =>
      loadSigningKey({ dataDir: t.config.dataDir, organisation: 'NDA Workspace', db: t.core.db, shared: false }),
    );
    const party = (signature: Uint8Array) => ({
      role: 'Receiving party' as const,
      name: 'Bo Mb',
      title: '',
      email: 'bomb@example.com',
      company: 'Bomb Ltd',
      companyAddress: '1 Street',
      signature,
      signedAt: new Date().toISOString(),
      ip: '127.0.0.1',
    });
    try {
      const started = performance.now();
      await expect(
        pool.build({
          original: fixture('pdfs/normal.pdf'),
          documentName: 'NDA',
          documentId: 'NDA-1',
          originalSha256: '0',
          sender: party(signaturePng()),
          recipient: party(pngBomb()),
          timeline: [],
          amendments: [],
          threads: [],
          fields: [],
        }),
      ).rejects.toThrow(/signature is not a PNG within the signature size/);
      console.log(`signing worker with a PNG bomb: refused in ${Math.round(performance.now() - started)} ms`);
    } finally {
      await pool.close();
    }
  });
});

describe('other users meanwhile', () => {
  it('another user is answered while a real conversion is still running', async () => {
    const project = await insertProject(t, other, 'Conversion project');
    // The probe goes out once LibreOffice has been asked to convert, and is timed against the real
    // conversion's own end, not against a guess of when it starts.
    const toPdf = t.core.converter.toPdf.bind(t.core.converter);
    let converted = false;
    let conversionStarted!: () => void;
    const started = new Promise<void>((resolve) => (conversionStarted = resolve));
    vi.spyOn(t.core.converter, 'toPdf').mockImplementation((body, extension) => {
      conversionStarted();
      return toPdf(body, extension).finally(() => (converted = true));
    });
    const conversion = postNda(
      t,
      other,
      { project, name: 'Mutual NDA (docx)' },
      bytesPart('file', fixture('ndas/mutual-nda.docx'), 'mutual-nda.docx'),
    );
    await started;
    const asked = performance.now();
    const probe = await call(t, 'GET', '/permissions/', { access: cast.signerA1.access });
    const ms = Math.round(performance.now() - asked);
    const stillConverting = !converted;
    const res = await conversion;
    console.log(
      `another user's GET /permissions/ during a conversion: ${ms} ms (conversion still running: ${stillConverting})`,
    );
    expect(probe.status).toBe(200);
    expect(stillConverting).toBe(true);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }, 120_000);
});
