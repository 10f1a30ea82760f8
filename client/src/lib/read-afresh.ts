import type { QueryClient, QueryFilters } from '@tanstack/react-query';

/** The part of a tRPC query's utils that reading it again takes. */
interface Rereadable<I> {
  cancel(input: I): Promise<void>;
  invalidate(input: I): Promise<void>;
}

/**
 * Reads a query again, from now on. An invalidation alone would join a first read still on its way
 * (react-query cancels a read in flight only once the query holds data), and that read may have begun
 * before the change it has to show: it is cancelled first.
 */
export async function readAfresh<I>(query: Rereadable<I>, input: I): Promise<void> {
  await query.cancel(input);
  await query.invalidate(input);
}

/** readAfresh for every query the filters match, for code that holds the QueryClient only. */
export function readQueriesAfresh(client: QueryClient, filters: QueryFilters): Promise<void> {
  return readAfresh(
    { cancel: () => client.cancelQueries(filters), invalidate: () => client.invalidateQueries(filters) },
    undefined,
  );
}
