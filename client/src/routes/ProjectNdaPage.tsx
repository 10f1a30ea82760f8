import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useProjectNda, DashboardBreadcrumbs, ProjectNdaForm, useProjectOrLeave } from '@client/features/projects';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';

/** /projects/:projectId/nda */
export default function ProjectNdaPage() {
  usePageTitle('Edit project NDA');
  const { projectId, query, missing } = useProjectOrLeave();
  const nda = useProjectNda(projectId || null);
  if (missing) return null;
  const project = query.data;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current="Project NDA" />
        <PageHeader title={nda.nda || nda.isPending ? 'Edit project NDA' : 'Add project NDA'} />
      </div>
      {query.isPending || nda.isPending ? (
        <PageSkeleton />
      ) : query.error || nda.error ? (
        <PageError error={query.error ?? nda.error} />
      ) : project!.access === 'signer' ? (
        <Navigate to={`/projects/${projectId}`} replace />
      ) : (
        <ProjectNdaForm projectId={projectId} nda={nda.nda} />
      )}
    </Stack>
  );
}
