import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { ClauseView } from '@client/features/clauses';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';

/** /projects/:projectId/negotiation: the clauses every group of the project raised (the project's team only). */
export default function NegotiationOverviewPage() {
  const { projectId, query, missing } = useProjectOrLeave();
  const project = query.data;
  usePageTitle(project ? `${project.name} · Clauses across groups` : 'Clauses across groups');
  if (missing) return null;
  // Recipients see their own group's threads on its NDA, never the other bidders'.
  if (project?.access === 'signer') return <Navigate to={`/projects/${projectId}`} replace />;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current="Clauses" />
        <PageHeader
          title="Clauses across groups"
          description="Every comment thread of every group, by clause: who raised it, the wording they ask for and where it stands."
        />
      </div>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ClauseView projectId={projectId} />
      )}
    </Stack>
  );
}
