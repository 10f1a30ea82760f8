import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { useAllProjects } from '@client/features/projects';
import { TemplatesBrowser } from '@client/features/templates';

export default function TemplatesPage() {
  usePageTitle('Templates');
  const { can } = usePermissionFlags();
  const canAdd = can('canAddNdatemplate');
  const canFilterByProject = can('canViewProject');
  const projects = useAllProjects(canFilterByProject);
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
        projects={canFilterByProject ? (projects.data?.results ?? []) : undefined}
      />
    </>
  );
}
