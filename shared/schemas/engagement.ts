import { z } from 'zod';
import { MAX_PAGE_NUMBER, MAX_PAGES_PER_BATCH } from '../engagement.js';
import { recordId } from './ids.js';

export const VIEW_MESSAGES = {
  oneDocument: 'Give either document or nda.',
  page: `page must be a whole number from 1 to ${MAX_PAGE_NUMBER}.`,
  seconds: 'seconds must be a number of seconds from 0 to 3600.',
  pages: `pages must list from 1 to ${MAX_PAGES_PER_BATCH} pages.`,
  repeated: 'Each page may be listed once.',
} as const;

const pageRead = z.object({
  page: z
    .number({ error: VIEW_MESSAGES.page })
    .int(VIEW_MESSAGES.page)
    .min(1, VIEW_MESSAGES.page)
    .max(MAX_PAGE_NUMBER, VIEW_MESSAGES.page),
  seconds: z.number({ error: VIEW_MESSAGES.seconds }).min(0, VIEW_MESSAGES.seconds).max(3600, VIEW_MESSAGES.seconds),
});

/**
 * POST /projects/views/: a batch of visible time on the pages of one deal document (`document`) or of a
 * group's NDA (`nda`).
 */
export const viewBatchInput = z
  .object({
    document: recordId.optional(),
    nda: recordId.optional(),
    pages: z
      .array(pageRead, { error: VIEW_MESSAGES.pages })
      .min(1, VIEW_MESSAGES.pages)
      .max(MAX_PAGES_PER_BATCH, VIEW_MESSAGES.pages)
      .refine((pages) => new Set(pages.map((p) => p.page)).size === pages.length, VIEW_MESSAGES.repeated),
  })
  .refine((v) => (v.document === undefined) !== (v.nda === undefined), {
    message: VIEW_MESSAGES.oneDocument,
    path: ['document'],
  });
export type ViewBatchInput = z.infer<typeof viewBatchInput>;

/** One group's engagement, as GET /projects/projects/{id}/engagement/ answers it. */
export interface GroupEngagementDto {
  projectBranch: number;
  name: string;
  lastSeen: string | null;
  documentsOpened: number;
  pagesRead: number;
  totalSeconds: number;
  score: number;
}

export interface ProjectEngagementDto {
  formula: string;
  results: GroupEngagementDto[];
}

/** tRPC engagement.project: one project's engagement by group. */
export const projectEngagementInput = z.object({ project: recordId });
