import { z } from 'zod';
import { recordId } from './ids.js';

/** The most ids one report filter takes (projects, groups): more than a screen's multi-select holds. */
export const REPORT_FILTER_MAX = 500;

/**
 * Ids of a report filter: a JSON array (tRPC), a comma-separated query value (`?project__in=1,2`, the
 * spec's form) or the key repeated (`?project__in=1&project__in=2`). Blank items are ignored.
 */
const idsIn = z
  .preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      const list = Array.isArray(v) ? v : [v];
      const items = list.flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
      return items.filter((x) => !(typeof x === 'string' && x.trim() === ''));
    },
    z
      .array(z.preprocess((x) => (typeof x === 'string' && /^\s*\d{1,15}\s*$/.test(x) ? Number(x) : x), recordId))
      .max(REPORT_FILTER_MAX, 'Too many items.')
      .optional(),
  )
  .transform((ids) => (ids === undefined ? undefined : [...new Set(ids)]));

/**
 * GET /reports/metrics/?project__in=&project_branch__in=: a report of the caller's projects, or of
 * the projects and groups chosen. A project chosen brings all its groups; a group chosen alone brings
 * only itself.
 */
export const reportFilterQuery = z.object({
  projectIn: idsIn,
  projectBranchIn: idsIn,
});
export type ReportFilter = z.infer<typeof reportFilterQuery>;
