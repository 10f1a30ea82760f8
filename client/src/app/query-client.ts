import { QueryClient } from '@tanstack/react-query';
import { errorStatusOf } from '@client/lib/errors';
import { readSession, subscribeSession } from '@client/lib/session-store';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401 after a failed refresh, 403, 404) will not get better by retrying.
        retry: (count, err) => {
          const status = errorStatusOf(err);
          return (status === undefined || status >= 500) && count < 2;
        },
      },
    },
  });
  // One user's cached data never shows to the next one signing in on this browser.
  subscribeSession(() => {
    if (!readSession()) client.clear();
  });
  return client;
}
