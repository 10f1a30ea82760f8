import { IconCreditCard } from '@tabler/icons-react';
import { PageHeader } from '../components/ui/PageHeader';
import { PlaceholderPanel } from '../components/ui/PlaceholderPanel';
import { usePageTitle } from '../components/ui/use-page-title';

export default function PlanPage() {
  usePageTitle('Plan');
  return (
    <>
      <PageHeader title="Plan" description="Your subscription and billing." />
      <PlaceholderPanel
        icon={<IconCreditCard size={28} stroke={1.6} />}
        title="Plans and billing are not available yet"
      >
        This is where you will compare the Free, Boutique and Bulge-Bracket plans, switch between monthly and annual
        billing, buy extra projects or team members and view your invoices. Every account is on the Free plan (two
        projects) until then.
      </PlaceholderPanel>
    </>
  );
}
