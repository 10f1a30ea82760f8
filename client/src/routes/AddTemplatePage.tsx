import { Stack } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { RouterLink } from '../components/ui/RouterLink';
import { usePageTitle } from '../components/ui/use-page-title';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { AddTemplateForm } from '@client/features/templates';

export default function AddTemplatePage() {
  usePageTitle('Add a new NDA Template');
  const { can } = usePermissionFlags();
  return (
    <Stack gap="md">
      <div>
        <RouterLink to="/templates" fz="sm" c="dimmed">
          ← Templates
        </RouterLink>
        <PageHeader
          title="Add a new NDA Template"
          description="Upload a PDF, DOC, DOCX or ODT file. Word and ODT files are converted to PDF."
        />
      </div>
      <AddTemplateForm canAdd={can('canAddNdatemplate')} />
    </Stack>
  );
}
