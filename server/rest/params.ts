import { PG_INTEGER_MAX } from '@shared/schemas/ids.js';
import { AppError } from '../errors.js';

/** An id from the path; anything that is not a positive integer is simply not there (404). */
export function idParam(req: { params: unknown }, name = 'id'): number {
  const raw = (req.params as Record<string, string | undefined>)[name];
  const id = Number(raw);
  // Beyond PostgreSQL's integer range an id cannot exist (and the database would refuse the query).
  if (!raw || !/^\d{1,10}$/.test(raw) || id <= 0 || id > PG_INTEGER_MAX) throw AppError.notFound();
  return id;
}
