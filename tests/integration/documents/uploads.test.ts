import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { TEMPLATE_MESSAGES } from '@shared/schemas/templates.js';
import { UPLOAD_MESSAGES } from '@shared/uploads.js';
import { setProjectFile } from '@server/commands/project-files/set-project-file.js';
import type { AppError } from '@server/errors.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture } from '@tests/support/account-area.js';
import { bytesPart, filePart, insertProject, postNda, postTemplate } from '@tests/support/documents.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { authenticate } from '@server/queries/auth/authenticate.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Every upload path checks the document by its content (server/services/documents.ts preparePdf):
// templates (POST /projects/nda_templates/), NDAs (POST /projects/nda/) and the teaser / CIM
// (server/commands/project-files/set-project-file.ts), with every fixture of tests/fixtures.

const VALID: Array<[string, number]> = [
  ['pdfs/normal.pdf', 2],
  ['pdfs/us_constitution.pdf', 19],
  ['pdfs/standard_fonts_demo.pdf', 5],
  ['pdfs/with_combed_fields.pdf', 13],
  ['pdfs/with_annots.pdf', 2],
  ['pdfs/with_cropbox.pdf', 2],
  ['pdfs/with_signature.pdf', 1],
  ['ndas/mutual-nda.pdf', 4],
];

/** A LibreOffice conversion takes about 3 s alone, much more when the machine is busy. */
const CONVERSION_MS = 120_000;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

describe('templates accept every valid PDF fixture', () => {
  it.each(VALID)('%s is stored with its page count and served back as its clean copy', async (relative, pages) => {
    const res = await postTemplate(t, owner, `Template ${relative}`, filePart('file', relative));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.pageCount).toBe(pages);
    const pdf = await call(t, 'GET', `/projects/nda_templates/${res.body.id}/get_nda_template_pdf/`, {
      access: owner.access,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The clean copy (services/pdf-clean.ts) reads as the upload does; both hashes are kept.
    expect((await PDFDocument.load(pdf.raw)).getPageCount()).toBe(pages);
    if (HAS_PDFTOTEXT) expect(pdfText(pdf.raw)).toBe(pdfText(fixture(relative)));
    const row = await t.core.db
      .selectFrom('ndaTemplates')
      .select('uploadedSha256')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.uploadedSha256).toBe(crypto.createHash('sha256').update(fixture(relative)).digest('hex'));
  });
});

describe('refused documents get a clear message, never a crash', () => {
  it('an encrypted PDF: 400 on file', async () => {
    const res = await postTemplate(t, owner, 'Locked', filePart('file', 'pdfs/encrypted_new.pdf'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.encrypted], code: 'upload_invalid' });
  });

  it('a PDF without its xref trailer: 400 on file', async () => {
    const res = await postTemplate(t, owner, 'Broken', filePart('file', 'pdfs/missing_xref_trailer_dict.pdf'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.damaged], code: 'upload_invalid' });
  });

  it('a PDF over 3 MB: 413 with the spec’s message', async () => {
    const res = await postTemplate(t, owner, 'Giraffe', filePart('file', 'pdfs/giraffe.pdf'));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      file: ['Maximum file size exceeded. Please upload a PDF file that is 3 MB or smaller.'],
      code: 'payload_too_large',
    });
  });

  it('a Markdown file renamed .pdf is refused by its content', async () => {
    const res = await postTemplate(t, owner, 'Markdown', filePart('file', 'ndas/mutual-nda.md', 'mutual-nda.pdf'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ file: [UPLOAD_MESSAGES.wrongType], code: 'upload_invalid' });
  });

  it('an empty file and a missing file', async () => {
    const empty = await postTemplate(t, owner, 'Empty', bytesPart('file', Buffer.alloc(0), 'empty.pdf'));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ file: [UPLOAD_MESSAGES.empty], code: 'upload_invalid' });
    const none = await postTemplate(t, owner, 'No file', null);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ file: [TEMPLATE_MESSAGES.file], code: 'nda_source_invalid' });
  });

  it('nothing is stored for a refused upload', async () => {
    const before = await t.core.db
      .selectFrom('ndaTemplates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await postTemplate(t, owner, 'Locked again', filePart('file', 'pdfs/encrypted_new.pdf'));
    const after = await t.core.db
      .selectFrom('ndaTemplates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('word-processor documents are converted to PDF (LibreOffice)', () => {
  it(
    'a DOCX uploaded as a project NDA becomes a PDF of the same agreement',
    async () => {
      const project = await insertProject(t, owner, 'Docx project');
      const res = await postNda(
        t,
        owner,
        { project, name: 'Mutual NDA (docx)' },
        filePart('file', 'ndas/mutual-nda.docx', 'mutual-nda.docx', 'application/octet-stream'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const pdf = await call(t, 'GET', `/projects/nda/${res.body.id}/get_nda_pdf/`, { access: owner.access });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      await expectConvertedAgreement(pdf.raw, res.body.pageCount);
    },
    CONVERSION_MS,
  );

  it(
    'an ODT uploaded as a template becomes a PDF of the same agreement, with a preview',
    async () => {
      const res = await postTemplate(
        t,
        owner,
        'Mutual NDA (odt)',
        filePart('file', 'ndas/mutual-nda.odt', 'mutual-nda.odt', 'application/vnd.oasis.opendocument.text'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.preview).toMatch(/get_preview/);
      const pdf = await call(t, 'GET', `/projects/nda_templates/${res.body.id}/get_nda_template_pdf/`, {
        access: owner.access,
      });
      expect(pdf.status).toBe(200);
      await expectConvertedAgreement(pdf.raw, res.body.pageCount);
    },
    CONVERSION_MS,
  );
});

/**
 * A converted mutual NDA: a PDF whose page count is the one reported, about the 4 pages of the original
 * (the exact count follows the fonts installed), holding the agreement's own words.
 */
async function expectConvertedAgreement(pdf: Buffer, reportedPages: number): Promise<void> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await PDFDocument.load(pdf);
  expect(doc.getPageCount()).toBe(reportedPages);
  expect(reportedPages).toBeGreaterThanOrEqual(3);
  expect(reportedPages).toBeLessThanOrEqual(6);
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Mutual Non-Disclosure Agreement');
  expect(text).toContain('Confidential Information');
}

describe('NDA uploads use the same checks', () => {
  it('refuses each bad fixture on the NDA form, and a missing name or source', async () => {
    const project = await insertProject(t, owner, 'Checks project');
    const cases: Array<[string, number, string]> = [
      ['pdfs/encrypted_new.pdf', 400, UPLOAD_MESSAGES.encrypted],
      ['pdfs/missing_xref_trailer_dict.pdf', 400, UPLOAD_MESSAGES.damaged],
      ['pdfs/giraffe.pdf', 413, UPLOAD_MESSAGES.pdfTooLarge],
    ];
    for (const [relative, status, message] of cases) {
      const res = await postNda(t, owner, { project, name: 'NDA' }, filePart('file', relative));
      expect(res.status, relative).toBe(status);
      expect(res.body).toEqual({ file: [message], code: status === 413 ? 'payload_too_large' : 'upload_invalid' });
    }
    const noName = await postNda(t, owner, { project }, filePart('file', 'pdfs/normal.pdf'));
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ name: [NDA_MESSAGES.name], code: 'invalid_input' });
    const longName = await postNda(t, owner, { project, name: 'x'.repeat(31) }, filePart('file', 'pdfs/normal.pdf'));
    expect(longName.status).toBe(400);
    expect(longName.body.name).toHaveLength(1);
    const noSource = await postNda(t, owner, { project, name: 'NDA' });
    expect(noSource.status).toBe(400);
    expect(noSource.body).toEqual({ nonFieldErrors: [NDA_MESSAGES.source], code: 'nda_source_invalid' });
    expect(await t.core.db.selectFrom('ndas').select('id').where('projectId', '=', project).execute()).toEqual([]);
  });
});

describe('teaser and CIM uploads (setProjectFile)', () => {
  it('checks the file under its own field: teaser and cim', async () => {
    const project = await insertProject(t, owner, 'Teaser checks');
    const actor = await authenticate(t.core, owner.access);
    const attempt = (kind: 'teaser' | 'cim', relative: string | null) =>
      setProjectFile(t.core, {
        actor,
        projectId: project,
        kind,
        upload: relative ? { body: fixture(relative), tooLarge: false, filename: 'x.pdf' } : null,
      }).then(
        () => null,
        (err: AppError) => ({ status: err.status, body: err.body }),
      );
    expect(await attempt('teaser', 'pdfs/giraffe.pdf')).toEqual({
      status: 413,
      body: { teaser: [UPLOAD_MESSAGES.pdfTooLarge] },
    });
    expect(await attempt('cim', 'pdfs/encrypted_new.pdf')).toEqual({
      status: 400,
      body: { cim: [UPLOAD_MESSAGES.encrypted] },
    });
    expect(await attempt('teaser', null)).toEqual({ status: 400, body: { teaser: ['upload a file for teaser'] } });
    expect(await attempt('cim', null)).toEqual({ status: 400, body: { cim: ['upload a file for cim'] } });
    expect(await attempt('cim', 'pdfs/normal.pdf')).toBeNull();
  });
});
