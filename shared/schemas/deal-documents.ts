import { z } from 'zod';
import { documentFileProblem, extensionOf, type FileLike } from './documents.js';
import { recordId, recordIdOrText } from './ids.js';

/**
 * Deal documents (the teaser, the CIM, a process letter, a model...) and when each reaches a group:
 * on the NDA's sending, on the bidder's signature, once the NDA is executed, or by hand per group.
 */
export const DEAL_DOCUMENT_RELEASES = ['invitation', 'signed', 'executed', 'manual'] as const;
export type DealDocumentReleaseRule = (typeof DEAL_DOCUMENT_RELEASES)[number];

/** The rules in words, for the adviser's form and the OpenAPI description. */
export const RELEASE_RULE_LABELS: Record<DealDocumentReleaseRule, string> = {
  invitation: 'When the NDA is sent',
  signed: 'When the bidder signs',
  executed: 'When the NDA is fully executed',
  manual: 'By hand, per group',
};

export const DEAL_DOCUMENT_TITLE_MAX = 200;
/** DEAL_DOCUMENT_MAX_MB's default: the form checks against it, the server against its configuration. */
export const DEAL_DOCUMENT_MAX_MB_DEFAULT = 100;

/** A deal document larger than the server takes. */
export const dealDocumentTooLarge = (mb: number) =>
  `Maximum file size exceeded. Please upload a PDF file that is ${mb} MB or smaller.`;

export const DEAL_DOCUMENT_MESSAGES = {
  enterTitle: 'Enter a title.',
  titleTooLong: `Ensure this field has no more than ${DEAL_DOCUMENT_TITLE_MAX} characters.`,
  release: 'release must be invitation, signed, executed or manual.',
  uploadFile: 'upload a file',
  noGroup: 'Choose a group of this project whose NDA has been sent.',
  watermarkFailed: 'This document could not be prepared for you just now. Please try again in a few minutes.',
} as const;

const title = z
  .string({ error: DEAL_DOCUMENT_MESSAGES.enterTitle })
  .trim()
  .min(1, DEAL_DOCUMENT_MESSAGES.enterTitle)
  .max(DEAL_DOCUMENT_TITLE_MAX, DEAL_DOCUMENT_MESSAGES.titleTooLong);
const release = z.enum(DEAL_DOCUMENT_RELEASES, { error: DEAL_DOCUMENT_MESSAGES.release });

/** POST .../documents/: the fields beside the `file` part. */
export const dealDocumentCreateInput = z.object({ title, release: release.optional().default('signed') });
export type DealDocumentCreateInput = z.infer<typeof dealDocumentCreateInput>;

/** PATCH .../documents/{docId}/: a new title, a new rule, or both. */
export const dealDocumentUpdateInput = z.object({ title: title.optional(), release: release.optional() });
export type DealDocumentUpdateInput = z.infer<typeof dealDocumentUpdateInput>;

/** POST .../documents/{docId}/release/: the group to release it to. */
export const dealDocumentReleaseInput = z.object({ projectBranch: recordIdOrText });

/** tRPC: the project, and the document where one is meant. */
export const dealDocumentsListInput = z.object({ project: recordId });
export const dealDocumentRef = z.object({ project: recordId, document: recordId });
export const dealDocumentUpdateRpcInput = dealDocumentRef.extend(dealDocumentUpdateInput.shape);
export const dealDocumentReleaseRpcInput = dealDocumentRef.extend({ projectBranch: recordId });

/** A group's copy of a document, as the sending team sees it. */
export interface DealDocumentGroupRelease {
  projectBranch: number;
  releasedAt: string;
}

/**
 * A deal document. The sending team gets every document with `releases` (the groups it has reached);
 * a bidder only those released to them, with `releasedAt` (the first time it reached one of their groups)
 * and `releases` empty.
 */
export interface DealDocumentDto {
  id: number;
  project: number;
  kind: 'teaser' | 'cim' | null;
  title: string;
  release: DealDocumentReleaseRule;
  fileName: string;
  fileSize: number;
  /** The download address (API path), changing with the stored file. */
  file: string;
  created: string;
  releasedAt: string | null;
  releases: DealDocumentGroupRelease[];
}

/**
 * A deal document as the server will judge it: a PDF up to DEAL_DOCUMENT_MAX_MB, or a word-processor
 * file within the usual limits (it is converted to a PDF of at most 3 MB).
 */
export function dealDocumentFileProblem(file: FileLike): string | null {
  const pdf = extensionOf(file.name) === 'pdf';
  if (pdf && file.size > DEAL_DOCUMENT_MAX_MB_DEFAULT * 1024 * 1024)
    return dealDocumentTooLarge(DEAL_DOCUMENT_MAX_MB_DEFAULT);
  return pdf && file.size > 0 ? null : documentFileProblem(file);
}

/** What the form's drop zone says it takes. */
export const DEAL_DOCUMENT_FILE_HINT = `PDF up to ${DEAL_DOCUMENT_MAX_MB_DEFAULT} MB, or DOC, DOCX, ODT (converted to PDF)`;

const dealDocumentFile = z
  .custom<FileLike>((v) => v !== null && v !== undefined, DEAL_DOCUMENT_MESSAGES.uploadFile)
  .superRefine((file, ctx) => {
    const problem = dealDocumentFileProblem(file);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The adviser's Add document form: the fields above and the chosen file. */
export const addDealDocumentFormSchema = z.object({ title, release, file: dealDocumentFile });
