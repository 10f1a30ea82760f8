import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAfresh } from '@client/lib/read-afresh';

/**
 * A list whose first read is on its way when a change lands: the read answers what it saw when it
 * began. The query is watched, as an open page's is.
 */
function slowList() {
  const client = new QueryClient();
  const queryKey = ['held', { nda: 7 }];
  let stored = ['first'];
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      reads++;
      const seen = [...stored];
      await new Promise((resolve) => setTimeout(resolve, 20));
      return seen;
    },
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const query = {
    cancel: () => client.cancelQueries({ queryKey }),
    invalidate: () => client.invalidateQueries({ queryKey }),
  };
  const change = () => {
    stored = [...stored, 'second'];
  };
  // Both calls resolve once the read they leave behind has answered: nothing is left to wait for.
  const answer = () => {
    unsubscribe();
    return { data: client.getQueryData(queryKey), reads, fetching: client.isFetching() };
  };
  return { query, change, answer };
}

describe('readAfresh', () => {
  it('an invalidation alone joins the first read on its way, and keeps its older answer', async () => {
    const { query, change, answer } = slowList();
    change();
    await query.invalidate();
    expect(answer()).toEqual({ data: ['first'], reads: 1, fetching: 0 });
  });

  it('cancels that read and reads again, so the change is shown', async () => {
    const { query, change, answer } = slowList();
    change();
    await readAfresh(query, undefined);
    expect(answer()).toEqual({ data: ['first', 'second'], reads: 2, fetching: 0 });
  });
});
