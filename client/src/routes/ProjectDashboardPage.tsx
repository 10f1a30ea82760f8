import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../components/ui/use-page-title';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { ProjectDashboard } from '../features/projects/components/ProjectDashboard';
import { DashboardBreadcrumbs } from '../features/projects/components/ProjectHeader';
import { SignerProjectView } from '../features/projects/components/SignerProjectView';
import { useProjectOrLeave } from '../features/projects/hooks/use-project-or-leave';

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
