import { IconChartBar } from '@tabler/icons-react';
import { PageHeader } from '../components/ui/PageHeader';
import { PlaceholderPanel } from '../components/ui/PlaceholderPanel';
import { usePageTitle } from '../components/ui/use-page-title';

export default function ReportsPage() {
  usePageTitle('Reports');
  return (
    <>
      <PageHeader title="Reports" description="Activity across your projects." />
      <PlaceholderPanel icon={<IconChartBar size={28} stroke={1.6} />} title="Reports are not available yet">
        This is where you will see the status of every NDA and recipient across your projects. It arrives with the
        reports release.
      </PlaceholderPanel>
    </>
  );
}
