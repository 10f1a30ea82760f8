import { z } from 'zod';

/**
 * The largest value of PostgreSQL's integer. Ids, pages and counts are stored as one: a larger number
 * cannot name anything, and the database refuses it in a query.
 */
export const PG_INTEGER_MAX = 2_147_483_647;

const INVALID_ID = 'A valid integer is required.';

/** A record id in JSON (tRPC, JSON bodies): a positive integer that fits PostgreSQL's integer. */
export const recordId = z
  .number({ error: INVALID_ID })
  .int(INVALID_ID)
  .positive(INVALID_ID)
  .max(PG_INTEGER_MAX, INVALID_ID);

/** A record id from JSON (12) or from a form or query string ("12"). */
export const recordIdOrText = z.coerce
  .number({ error: INVALID_ID })
  .int(INVALID_ID)
  .positive(INVALID_ID)
  .max(PG_INTEGER_MAX, INVALID_ID);
