import type { SelectQueryBuilder } from 'kysely';
import type { PageRequest } from '@shared/schemas/projects.js';

/** One page of a list: the total and the rows of the page. Adapters add next / previous links. */
export interface Page<T> {
  count: number;
  results: T[];
  limit: number | null;
  offset: number;
}

/** Applies limit / offset to a query (limit null: every row). */
export function pageOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  let q = query.offset(page.offset);
  if (page.limit !== null) q = q.limit(page.limit);
  return q;
}

/** Total rows of a filtered query (its selections and order are dropped). */
export async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number((row as { n?: number } | undefined)?.n ?? 0);
}

/** Escapes LIKE wildcards so a search matches the typed text literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
