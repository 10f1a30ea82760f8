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

/** The part of a tRPC query's utils that changing its cached answer takes. */
interface Cached<I, T> extends Rereadable<I> {
  getData(input: I): T | undefined;
  setData(input: I, updater: (old: T | undefined) => T | undefined): unknown;
}

/**
 * Applies a live change to a query's cached answer. Before its first answer there is nothing to
 * change, and the read on its way may have begun before the change: it is read afresh instead.
 */
export function changeOrReadAfresh<I, T>(
  query: Cached<I, T>,
  input: I,
  change: (old: T | undefined) => T | undefined,
): void {
  if (query.getData(input) === undefined) void readAfresh(query, input);
  else query.setData(input, change);
}
