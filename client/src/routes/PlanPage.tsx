import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '@client/features/auth';
import { PlanOverview } from '@client/features/billing';

/** /plan: the company's plan, the plans on offer, billing, invoices and add-ons. */
export default function PlanPage() {
  usePageTitle('Plan');
  const user = useCurrentUser();
  if (!user) return null;
  const owner = !user.isMember;
  return (
    <>
      <PageHeader
        title="Plan"
        description={
          owner
            ? 'Your subscription, its add-ons and your invoices.'
            : 'Your company’s subscription and what it allows.'
        }
      />
      <PlanOverview canManage={owner} />
    </>
  );
}
