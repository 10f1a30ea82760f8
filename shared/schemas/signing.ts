import { z } from 'zod';
import { maxMessage } from './fields.js';
import { recordId } from './ids.js';

/** The longest reason a signer may give for passing on an opportunity. */
export const MAX_PASS_REASON = 1000;

/** Why the signer passes, in their words: optional, and blank means none (null). */
export const passReason = z
  .string({ error: 'Must be text.' })
  .trim()
  .max(MAX_PASS_REASON, maxMessage(MAX_PASS_REASON))
  .nullish()
  .transform((v) => (v ? v : null));

/** Passing on the opportunity (the signing panel's form; over REST the signership is in the path). */
export const passInput = z.object({ reason: passReason });

/** The tRPC call names the signership too. */
export const passCall = z.object({ signership: recordId, reason: passReason });
