import { Button } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ReportsView } from '@client/features/reports';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';

/** /dashboard: the analytics view, the reports' charts side by side. */
export default function AnalyticsPage() {
  usePageTitle('Dashboard');
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your projects’ NDAs at a glance, over the last 6 months."
        actions={
          <Button component={Link} to="/reports" variant="light" leftSection={<IconChartBar size={18} />}>
            Reports and events
          </Button>
        }
      />
      <ReportsView variant="analytics" />
    </>
  );
}
