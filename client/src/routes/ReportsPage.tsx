import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ReportsView } from '@client/features/reports';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';

export default function ReportsPage() {
  usePageTitle('Reports');
  return (
    <>
      <PageHeader
        title="Reports"
        description="Your projects’ NDAs over the last 6 months: where each stands, what happened and how long signing takes."
        actions={
          <Button component={Link} to="/dashboard" variant="light" leftSection={<IconLayoutDashboard size={18} />}>
            Analytics view
          </Button>
        }
      />
      <ReportsView variant="reports" />
    </>
  );
}
