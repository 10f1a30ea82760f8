import { SimpleGrid, type SimpleGridProps, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageError } from './PageState';

/** What QueryState reads of a react-query (or tRPC) query. */
interface ListQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: ListQuery<T>;
  /** The error's title, naming what failed: 'The projects could not be loaded'. */
  errorTitle: string;
  /** Shown while the first answer is on its way: a ListSkeleton shaped like the list, or a loader. */
  loading: ReactNode;
  /** Whether the answer holds nothing to list; `empty` is shown instead of the list. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The list itself, once there is something to show. */
  children: (data: T) => ReactNode;
}

/**
 * The one way a list shows its states: the error (with its message and Try again), the loading
 * placeholder, the empty state, else the list. A refetch that fails over shown data shows the error.
 */
export function QueryState<T>({ query, errorTitle, loading, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isError) return <PageError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || query.data === undefined) return <>{loading}</>;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** A list's loading placeholder: `count` cards of `height`, laid out as the list's grid lays out its cards. */
export function ListSkeleton({
  count,
  height,
  cols = 1,
  spacing = 'lg',
  radius = 'lg',
}: {
  count: number;
  height: number;
  cols?: SimpleGridProps['cols'];
  spacing?: SimpleGridProps['spacing'];
  radius?: 'md' | 'lg';
}) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} radius={radius} />
      ))}
    </SimpleGrid>
  );
}
