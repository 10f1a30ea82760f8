import type { CurrentUser } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { useSubscription } from '@client/features/billing';

/**
 * Whether the data that decides the account page's layout has arrived: the company panel's rows and,
 * for an owner, whether the onboarding checklist shows and what its steps say. Until then the page
 * shows a placeholder, so that no control moves under a pointer when a panel above it fills in (a
 * click aimed at a notification switch used to land 80 px above it). The panels read the same cache.
 */
export function useAccountLayoutReady(user: CurrentUser): boolean {
  const owner = user.role === 'owner';
  const company = trpc.account.company.useQuery();
  const onboarding = trpc.account.onboarding.useQuery(undefined, { retry: false, enabled: owner });
  const subscription = useSubscription({ enabled: owner });
  return !company.isPending && (!owner || (!onboarding.isPending && !subscription.isPending));
}
