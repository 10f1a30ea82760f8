import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { fixture } from '@tests/support/account-area.js';
import { filePart, postNda, postTemplate } from '@tests/support/documents.js';
import { docxParts, HAS_SOFFICE, sofficeToPdf, wordDifference } from '@tests/support/docx.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import { addRecipientsGroup, createProject, createTeam, recipient, setExtraProjects } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Keep the source: an NDA or template keeps a DOCX beside its review PDF (document_sources, by the PDF's
// SHA-256): a DOCX upload as it came, a DOC or ODT converted, a PDF upload's built from its clauses. Group
// copies and NDAs made from a template reach the same source. The PDF and the DOCX read the same text.

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT = 'application/vnd.oasis.opendocument.text';
/** A LibreOffice conversion takes about 3 s alone, much more when the machine is busy. */
const CONVERSION_MS = 180_000;

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  ({ owner } = await createTeam(t));
  await setExtraProjects(t, owner.user.company!, 10);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

async function sourceOf(ndaId: number) {
  const row = await t.core.db
    .selectFrom('ndas')
    .innerJoin('documentSources', 'documentSources.fileSha256', 'ndas.fileSha256')
    .select(['documentSources.origin', 'documentSources.blobKey', 'ndas.fileKey', 'ndas.fileSha256'])
    .where('ndas.id', '=', ndaId)
    .executeTakeFirstOrThrow();
  const blob = await t.core.blobs.get(row.blobKey);
  expect(blob?.contentType).toBe(DOCX);
  const review = await t.core.blobs.get(row.fileKey);
  return { ...row, docx: blob!.body, pdf: review!.body };
}

async function uploadNda(projectId: number, relative: string, contentType: string) {
  const res = await postNda(
    t,
    owner,
    { project: projectId, name: 'Mutual NDA' },
    filePart('file', relative, undefined, contentType),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/**
 * The PDF and the DOCX describe the same text: the DOCX, converted to PDF by LibreOffice, has the same
 * words, but for page numbers (the layout's) and the words `untitled` names (lines outside any clause).
 */
async function expectSameText(pdf: Buffer, docx: Buffer, untitled: string[] = []) {
  const converted = await sofficeToPdf(docx);
  expect(converted.status, converted.stderr).toBe(0);
  const diff = wordDifference(pdfText(pdf), pdfText(converted.pdf!));
  const words = (list: string[]) => list.filter((w) => !/^\d+$/.test(w)).sort();
  expect(words(diff.onlyInA)).toEqual([...untitled].sort());
  expect(words(diff.onlyInB)).toEqual([]);
}

describe('an NDA keeps its DOCX source', () => {
  it.runIf(HAS_SOFFICE)(
    'keeps a DOCX upload as it came, and a group’s copy of the project NDA reaches it',
    async () => {
      const project = await createProject(t, owner);
      const ndaId = await uploadNda(project.id, 'ndas/mutual-nda.docx', DOCX);
      const source = await sourceOf(ndaId);
      expect(source.origin).toBe('uploaded');
      expect(source.docx.equals(fixture('ndas/mutual-nda.docx'))).toBe(true);

      const { group } = await addRecipientsGroup(t, owner, project.id, [recipient('copy')], {
        name: 'Copy',
        inheritNdaFromProject: true,
      });
      const copy = await t.core.db
        .selectFrom('ndas')
        .select('id')
        .where('projectBranchId', '=', group.id)
        .executeTakeFirstOrThrow();
      expect(copy.id).not.toBe(ndaId);
      const copied = await sourceOf(copy.id);
      expect(copied.blobKey).toBe(source.blobKey);
      if (HAS_PDFTOTEXT) await expectSameText(source.pdf, source.docx);
    },
    CONVERSION_MS,
  );

  it.runIf(HAS_SOFFICE)(
    'converts an ODT upload to DOCX with LibreOffice',
    async () => {
      const project = await createProject(t, owner);
      const source = await sourceOf(await uploadNda(project.id, 'ndas/mutual-nda.odt', ODT));
      expect(source.origin).toBe('converted');
      expect(docxParts(source.docx).get('word/document.xml')).toContain('Governing Law');
      if (HAS_PDFTOTEXT) await expectSameText(source.pdf, source.docx);
    },
    CONVERSION_MS,
  );

  it.runIf(HAS_SOFFICE && HAS_PDFTOTEXT)(
    'builds a PDF upload’s DOCX from its clauses: headings, numbering and paragraphs',
    async () => {
      const project = await createProject(t, owner);
      const source = await sourceOf(await uploadNda(project.id, 'ndas/mutual-nda.pdf', 'application/pdf'));
      expect(source.origin).toBe('built');
      const document = docxParts(source.docx).get('word/document.xml')!;
      expect(document).toContain('Governing Law and Jurisdiction');
      expect(document).toMatch(/<w:b\/>[\s\S]*?9 Governing Law and Jurisdiction\./);
      // The document's titles are lines of no clause: the clause model, and so the DOCX, has them not.
      await expectSameText(source.pdf, source.docx, ['mutual', 'non', 'disclosure', 'agreement', 'standard', 'terms']);
    },
    CONVERSION_MS,
  );
});

describe('a template keeps its DOCX source', () => {
  it.runIf(HAS_SOFFICE)(
    'keeps a DOCX template’s upload, and an NDA made from it (tRPC) reaches the same source',
    async () => {
      const template = await postTemplate(
        t,
        owner,
        'Word NDA',
        filePart('file', 'ndas/mutual-nda.docx', undefined, DOCX),
      );
      expect(template.status, JSON.stringify(template.body)).toBe(201);
      const project = await createProject(t, owner);
      const made = await trpcMutation(
        t,
        'ndas.createFromTemplate',
        { project: project.id, name: 'From the template', template: template.body.id },
        authHeader(owner.access),
      );
      expect(made.status, JSON.stringify(made)).toBe(200);
      const source = await sourceOf((made.data as { id: number }).id);
      expect(source.origin).toBe('uploaded');
      expect(source.docx.equals(fixture('ndas/mutual-nda.docx'))).toBe(true);
    },
    CONVERSION_MS,
  );
});
