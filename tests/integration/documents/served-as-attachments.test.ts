import { cleanCopy } from '@tests/support/documents.js';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '@server/rest/blob-reply.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, fixture, pngBytes, type RawResponse } from '@tests/support/account-area.js';
import { api, createProject, createTeam, expectStatus, setExtraProjects, type Team } from '@tests/support/projects.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Stored documents are never rendered by the app's origin (server/rest/blob-reply.ts): a PDF that
// runs JavaScript when opened comes back as a download, in a script-less sandbox, not sniffed.

let t: TestApp;
let team: Team;
let projectId: number;
let scripted: Buffer;

/** The mutual NDA with an /OpenAction that runs JavaScript when the PDF is opened. */
async function pdfWithOpenActionScript(): Promise<Buffer> {
  const doc = await PDFDocument.load(fixture('ndas/mutual-nda.pdf'));
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(document.cookie)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

beforeAll(async () => {
  t = await startTestApp();
  team = await createTeam(t);
  await setExtraProjects(t, team.owner.user.company!, 10);
  projectId = (await createProject(t, team.owner)).id;
  scripted = await pdfWithOpenActionScript();
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
});

const pdfPart = (name: string, filename: string) => ({
  name,
  file: { filename, contentType: 'application/pdf', body: scripted },
});

function expectDownload(res: RawResponse, type: string, disposition: string): void {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['content-disposition']).toBe(disposition);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

describe('stored documents', () => {
  it('serves an NDA uploaded with JavaScript on opening as a sandboxed download of its clean copy', async () => {
    expect(scripted.includes(Buffer.from('/OpenAction'))).toBe(true);
    const created = await api(t, 'POST', '/projects/nda/', team.owner, {
      form: [
        { name: 'project', value: String(projectId) },
        { name: 'name', value: 'Mutual NDA' },
        pdfPart('file', 'mutual-nda.pdf'),
      ],
    });
    expectStatus(created, 201);
    const res = await call(t, 'GET', `/projects/nda/${created.body.id}/get_nda_pdf/`, { access: team.owner.access });
    expectDownload(res, 'application/pdf', 'attachment; filename="Mutual NDA.pdf"');
    expect(Buffer.compare(res.raw, await cleanCopy(scripted))).toBe(0);
    expect(res.raw.includes(Buffer.from('/OpenAction'))).toBe(false);
  });

  it('serves a teaser the same way', async () => {
    const patched = await api(t, 'PATCH', `/projects/projects/${projectId}/`, team.owner, {
      form: [pdfPart('teaser', 'Kestrel teaser.pdf')],
    });
    expectStatus(patched, 200);
    const res = await call(t, 'GET', `/projects/projects/${projectId}/get_teaser_pdf/`, { access: team.owner.access });
    expectDownload(res, 'application/pdf', 'attachment; filename="Kestrel teaser.pdf"');
    expect(Buffer.compare(res.raw, await cleanCopy(scripted))).toBe(0);
  });

  it('serves images (a saved signature) as downloads too', async () => {
    const png = pngBytes(60, 20);
    const saved = await call(t, 'PATCH', '/me/1/', {
      access: team.owner.access,
      form: [{ name: 'sign', file: { filename: 'sign.png', contentType: 'image/png', body: png } }],
    });
    expectStatus(saved, 200);
    const res = await call(t, 'GET', '/me/get_my_sign/', { access: team.owner.access });
    expectDownload(res, 'image/png', 'attachment; filename="signature.png"');
  });
});

describe('attachmentDisposition', () => {
  it('keeps a plain name as it is', () => {
    expect(attachmentDisposition('Falcon - Group A - Mutual NDA (signed).pdf')).toBe(
      'attachment; filename="Falcon - Group A - Mutual NDA (signed).pdf"',
    );
  });

  it('cannot be broken out of by quotes, backslashes, semicolons or line breaks', () => {
    const header = attachmentDisposition('a"; filename=evil.html\r\nX-Injected: 1\\.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_ filename_evil.htmlX-Injected_ 1_.pdf"; filename*=')).toBe(true);
    expect(header.split('"')).toHaveLength(3);
  });

  it('gives a name in other scripts as UTF-8 beside an ASCII fallback', () => {
    expect(attachmentDisposition('Contrat Zoë.pdf')).toBe(
      `attachment; filename="Contrat Zo_.pdf"; filename*=UTF-8''Contrat%20Zo%C3%AB.pdf`,
    );
    expect(attachmentDisposition('')).toBe('attachment; filename="file"');
  });
});
