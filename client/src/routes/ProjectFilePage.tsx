import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { ProjectFileForm, DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';

const LABELS = { teaser: 'Teaser', cim: 'CIM' } as const;

/** /projects/:projectId/teaser and /projects/:projectId/cim */
export default function ProjectFilePage({ kind }: { kind: 'teaser' | 'cim' }) {
  const title = `Update ${kind === 'teaser' ? 'teaser' : 'CIM'}`;
  usePageTitle(title);
  const { projectId, query, missing } = useProjectOrLeave();
  if (missing) return null;
  const project = query.data;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current={LABELS[kind]} />
        <PageHeader title={title} />
      </div>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.error ? (
        <PageError error={query.error} />
      ) : project!.access === 'signer' ? (
        <Navigate to={`/projects/${projectId}`} replace />
      ) : (
        <ProjectFileForm project={project!} kind={kind} />
      )}
    </Stack>
  );
}
