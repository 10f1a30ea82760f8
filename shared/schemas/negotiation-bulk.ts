import { z } from 'zod';
import { idValue } from './ndas.js';
import { MAX_PROPOSAL } from './threads.js';

/** At most this many threads in one bulk move: a project's 200 groups, a few threads each on one clause. */
export const MAX_BULK_THREADS = 500;

export const BULK_MESSAGES = {
  threads: `Give 1 to ${MAX_BULK_THREADS} thread ids, each once.`,
  move: 'move must be propose, approve or reject.',
  wording:
    'A counter-proposal needs a proposal or a playbookPosition (0 for the preferred wording, n for fallback n), not both.',
  proposal: `A proposal is 1 to ${MAX_PROPOSAL} characters.`,
  reply: 'A reply is at most 5000 characters.',
  noPlaybookWording: 'The playbook has no such wording for this thread’s clause.',
} as const;

const bulkFields = z.object({
  threads: z
    .array(idValue, { error: BULK_MESSAGES.threads })
    .min(1, BULK_MESSAGES.threads)
    .max(MAX_BULK_THREADS, BULK_MESSAGES.threads)
    .refine((ids) => new Set(ids).size === ids.length, { message: BULK_MESSAGES.threads }),
  move: z.enum(['propose', 'approve', 'reject'], { error: BULK_MESSAGES.move }),
  proposal: z
    .string({ error: BULK_MESSAGES.proposal })
    .trim()
    .min(1, BULK_MESSAGES.proposal)
    .max(MAX_PROPOSAL, BULK_MESSAGES.proposal)
    .optional(),
  playbookPosition: z.number({ error: BULK_MESSAGES.wording }).int().min(0).max(10).optional(),
  reply: z.string({ error: BULK_MESSAGES.reply }).trim().max(5000, BULK_MESSAGES.reply).optional(),
});

/** A counter-proposal gives exactly one wording; approve and reject give none. */
function oneWording(v: z.infer<typeof bulkFields>, ctx: z.RefinementCtx): void {
  const wordings = Number(v.proposal !== undefined) + Number(v.playbookPosition !== undefined);
  if (v.move === 'propose' ? wordings !== 1 : wordings !== 0)
    ctx.addIssue({ code: 'custom', path: ['proposal'], message: BULK_MESSAGES.wording });
}

export const negotiationBulkInput = bulkFields.superRefine(oneWording);
export type NegotiationBulkInput = z.infer<typeof negotiationBulkInput>;
export const negotiationBulkIdInput = bulkFields.extend({ id: idValue }).superRefine(oneWording);
