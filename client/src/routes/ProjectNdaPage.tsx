import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useProjectNda } from '../features/projects/api/ndas';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { DashboardBreadcrumbs } from '../features/projects/components/ProjectHeader';
import { ProjectNdaForm } from '../features/projects/components/ProjectNdaForm';
import { useProjectOrLeave } from '../features/projects/hooks/use-project-or-leave';

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
