import { z } from 'zod';
import { idValue } from './ndas.js';

/**
 * A playbook: for clauses of the NDA (by key, as GET /projects/nda/{id}/clauses/ gives them), the
 * sending team's preferred wording, ordered fallbacks, walk-away note and internal guidance. Internal to
 * the sending team: no recipient ever receives it.
 */
export const MAX_PLAYBOOK_CLAUSES = 200;
export const MAX_FALLBACKS = 10;

export const PLAYBOOK_MESSAGES = {
  key: 'key must be a clause key of 1 to 100 characters.',
  wording: 'A wording is at most 5000 characters.',
  note: 'A note is at most 5000 characters.',
  fallbacks: `A clause has at most ${MAX_FALLBACKS} fallbacks, none empty.`,
  tooMany: `A playbook has at most ${MAX_PLAYBOOK_CLAUSES} clauses.`,
  duplicate: 'Each clause key appears once.',
  empty: 'Give a preferred wording, a fallback, a walk-away note or guidance.',
} as const;

const wording = z.string({ error: PLAYBOOK_MESSAGES.wording }).trim().max(5000, PLAYBOOK_MESSAGES.wording);
const note = z.string({ error: PLAYBOOK_MESSAGES.note }).trim().max(5000, PLAYBOOK_MESSAGES.note);

export const playbookClause = z
  .object({
    key: z
      .string({ error: PLAYBOOK_MESSAGES.key })
      .trim()
      .min(1, PLAYBOOK_MESSAGES.key)
      .max(100, PLAYBOOK_MESSAGES.key),
    preferred: wording.default(''),
    fallbacks: z
      .array(wording.min(1, PLAYBOOK_MESSAGES.fallbacks), { error: PLAYBOOK_MESSAGES.fallbacks })
      .max(MAX_FALLBACKS, PLAYBOOK_MESSAGES.fallbacks)
      .default([]),
    walkAway: note.default(''),
    guidance: note.default(''),
  })
  .refine((c) => c.preferred || c.fallbacks.length || c.walkAway || c.guidance, { message: PLAYBOOK_MESSAGES.empty });

export const playbookInput = z.object({
  clauses: z
    .array(playbookClause, { error: PLAYBOOK_MESSAGES.tooMany })
    .max(MAX_PLAYBOOK_CLAUSES, PLAYBOOK_MESSAGES.tooMany)
    .refine((list) => new Set(list.map((c) => c.key)).size === list.length, { message: PLAYBOOK_MESSAGES.duplicate }),
});
export type PlaybookInput = z.infer<typeof playbookInput>;
export type PlaybookClause = z.output<typeof playbookClause>;

export const playbookIdInput = z.object({ id: idValue });
export const setPlaybookInput = playbookInput.extend({ id: idValue });
