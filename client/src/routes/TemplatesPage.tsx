import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { usePermissionFlags } from '../features/projects/hooks/use-permission-flags';
import { TemplatesBrowser } from '../features/templates/components/TemplatesBrowser';

export default function TemplatesPage() {
  usePageTitle('Templates');
  const { can } = usePermissionFlags();
  const canAdd = can('canAddNdatemplate');
  return (
    <>
      <PageHeader
        title="All Template"
        description="The NDAs your team starts from."
        actions={
          <Button
            component={Link}
            to="/templates/create"
            leftSection={<IconPlus size={18} />}
            disabled={!canAdd}
            onClick={(e) => !canAdd && e.preventDefault()}
          >
            Add a NDA template
          </Button>
        }
      />
      <TemplatesBrowser
        canAdd={canAdd}
        canChange={can('canChangeNdatemplate')}
        canDelete={can('canDeleteNdatemplate')}
        canFilterByProject={can('canViewProject')}
      />
    </>
  );
}
