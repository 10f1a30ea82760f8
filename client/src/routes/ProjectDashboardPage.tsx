import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../components/ui/use-page-title';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { ProjectDashboard, SignerProjectView } from '@client/features/dashboard';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';

/** /projects/:projectId and /projects/:projectId/group/:branchId */
export default function ProjectDashboardPage() {
  const { branchId, query, missing } = useProjectOrLeave();
  const project = query.data;
  usePageTitle(project ? `${project.name} · Project Dashboard` : 'Project Dashboard');
  if (missing) return null;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs current={project?.name ?? 'Project'} />
        <Title order={1} fz={28}>
          Project Dashboard
        </Title>
      </div>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : project!.access === 'signer' ? (
        <SignerProjectView project={project!} />
      ) : (
        <ProjectDashboard project={project!} selectedBranchId={branchId} />
      )}
    </Stack>
  );
}
