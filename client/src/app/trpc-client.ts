import { httpBatchLink, splitLink } from '@trpc/client';
import { authFetch } from '@client/lib/auth-fetch';
import { trpc } from '../lib/trpc';

const url = '/trpc';

/**
 * Queries are batched; each mutation goes alone (maxItems 1), so a 401 replay never sends a write
 * twice that had already succeeded next to it in a batch.
 */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'mutation',
        true: httpBatchLink({ url, fetch: authFetch, maxItems: 1 }),
        false: httpBatchLink({ url, fetch: authFetch }),
      }),
    ],
  });
}
