import type { FastifyRequest } from 'fastify';
import type { Page } from '../queries/projects/page.js';

/** The spec's paged answer. Lists that are always small answer every row in one page. */
export function onePage<T>(results: T[]): { count: number; next: null; previous: null; results: T[] } {
  return { count: results.length, next: null, previous: null, results };
}

/** The spec's page, with next and previous as links to this same call (limit=-1: one page of everything). */
export function pageResponse<T>(
  req: FastifyRequest,
  page: { count: number; results: T[] },
  limit: number,
  offset: number,
) {
  const link = (at: number) => {
    const url = new URL(req.url, 'http://local');
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(at));
    return `${url.pathname}${url.search}`;
  };
  const paged = limit !== -1;
  return {
    count: page.count,
    next: paged && offset + limit < page.count ? link(offset + limit) : null,
    previous: paged && offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: page.results,
  };
}

/** The spec's page of a query's Page (limit null: everything). */
export function pagedAnswer<T>(req: FastifyRequest, page: Page<T>) {
  return pageResponse(req, page, page.limit ?? -1, page.offset);
}
