import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { router as appRouter } from './router';

type AppRouter = typeof appRouter;

/**
 * Says on the document element whether the app is still loading what the page shows: a page's code,
 * a navigation, or a request of the page's data (`data-app-busy="true"`). Assistive checks and the
 * end-to-end tests wait for it to clear instead of guessing from network silence, which a live socket
 * and a polling page never give.
 */
export function BusySignal({ router }: { router: AppRouter }) {
  const routing = useSyncExternalStore(
    (change) => router.subscribe(change),
    () => !router.state.initialized || router.state.navigation.state !== 'idle',
  );
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const busy = routing || fetching > 0 || mutating > 0;
  useEffect(() => {
    document.documentElement.dataset.appBusy = String(busy);
  }, [busy]);
  return null;
}
