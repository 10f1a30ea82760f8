import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { documentFile, documentFileProblem, optionalDocument, requiredDocument } from '@shared/schemas/documents.js';
import { ndaSourceFormSchema } from '@shared/schemas/nda-source.js';
import { DOCUMENT_FILE_MESSAGES, NDA_MESSAGES } from '@shared/schemas/ndas.js';
import { projectFileFormSchema, projectMembersFormSchema } from '@shared/schemas/projects.js';
import { addTemplateFormSchema, TEMPLATE_MESSAGES, templateRenameInput } from '@shared/schemas/templates.js';
import { MAX_PDF_BYTES, MAX_SOURCE_DOCUMENT_BYTES, UPLOAD_MESSAGES } from '@shared/uploads.js';

/** The messages a schema answers with for a value, or [] when it is valid. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('documentFile', () => {
  it('takes PDF, DOC, DOCX and ODT files, whatever the case of the extension', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.Odt']) expect(messages(documentFile, file(name))).toEqual([]);
  });

  it('refuses another type, an empty file and files over the size limits', () => {
    expect(documentFileProblem(file('notes.txt'))).toBe(UPLOAD_MESSAGES.wrongType);
    expect(documentFileProblem(file('no-extension'))).toBe(UPLOAD_MESSAGES.wrongType);
    expect(documentFileProblem(file('a.pdf', 0))).toBe(UPLOAD_MESSAGES.empty);
    expect(documentFileProblem(file('a.pdf', MAX_PDF_BYTES))).toBeNull();
    expect(documentFileProblem(file('a.pdf', MAX_PDF_BYTES + 1))).toBe(UPLOAD_MESSAGES.pdfTooLarge);
    expect(documentFileProblem(file('a.docx', MAX_PDF_BYTES + 1))).toBeNull();
    expect(documentFileProblem(file('a.docx', MAX_SOURCE_DOCUMENT_BYTES + 1))).toBe(UPLOAD_MESSAGES.sourceTooLarge);
  });

  it('judges a real File by its name and size', () => {
    expect(documentFileProblem(new File(['%PDF-1.4'], 'nda.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(documentFileProblem(new File([], 'nda.pdf'))).toBe(UPLOAD_MESSAGES.empty);
  });

  it('is optional or required as the form needs', () => {
    expect(messages(optionalDocument, null)).toEqual([]);
    expect(messages(optionalDocument, file('a.txt'))).toEqual([UPLOAD_MESSAGES.wrongType]);
    expect(messages(requiredDocument('upload a file for teaser'), null)).toEqual(['upload a file for teaser']);
    expect(messages(requiredDocument('upload a file for teaser'), file('a.txt'))).toEqual([UPLOAD_MESSAGES.wrongType]);
  });
});

describe('the forms built on it', () => {
  it('Update teaser / CIM needs its file, with the message of its kind', () => {
    expect(messages(projectFileFormSchema('teaser'), { file: null })).toEqual([DOCUMENT_FILE_MESSAGES.teaser]);
    expect(messages(projectFileFormSchema('cim'), { file: null })).toEqual([DOCUMENT_FILE_MESSAGES.cim]);
    expect(messages(projectFileFormSchema('cim'), { file: file('cim.pdf') })).toEqual([]);
  });

  it('Add NDA template needs a name and a file', () => {
    expect(messages(addTemplateFormSchema, { name: ' ', file: null })).toEqual([
      TEMPLATE_MESSAGES.name,
      TEMPLATE_MESSAGES.file,
    ]);
    expect(messages(addTemplateFormSchema, { name: 'Mutual', file: file('m.docx') })).toEqual([]);
    expect(messages(templateRenameInput, { name: '' })).toEqual([TEMPLATE_MESSAGES.name]);
  });

  it('the project NDA needs a document only when the project has none', () => {
    const empty = { ndaName: '', ndaMode: 'file', ndaFile: null, ndaTemplate: null };
    expect(messages(ndaSourceFormSchema({ sourceRequired: true }), empty)).toEqual([
      NDA_MESSAGES.name,
      NDA_MESSAGES.source,
    ]);
    expect(messages(ndaSourceFormSchema({ sourceRequired: true }), { ...empty, ndaMode: 'template' })).toEqual([
      NDA_MESSAGES.name,
      NDA_MESSAGES.template,
    ]);
    expect(messages(ndaSourceFormSchema({ sourceRequired: false }), empty)).toEqual([NDA_MESSAGES.name]);
    expect(messages(ndaSourceFormSchema({ sourceRequired: false }), { ...empty, ndaName: 'Mutual' })).toEqual([]);
  });

  it('the team dialog takes the picked member ids', () => {
    expect(messages(projectMembersFormSchema, { members: ['3', '12'] })).toEqual([]);
    expect(messages(projectMembersFormSchema, { members: ['x'] })).toEqual(['A valid integer is required.']);
  });
});
