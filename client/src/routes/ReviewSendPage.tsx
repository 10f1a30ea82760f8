import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useBranch } from '@client/features/groups';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';
import { ReviewSendForm } from '@client/features/sending';

/** /projects/:projectId/group/:branchId/review-nda */
export default function ReviewSendPage() {
  usePageTitle('Review and send NDA');
  const { projectId, branchId, query, missing } = useProjectOrLeave();
  const branch = useBranch(branchId);
  if (missing) return null;
  const project = query.data;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current="Review and send" />
        <PageHeader
          title="Review and send NDA"
          description={
            branch.data
              ? `Send the NDA to ${branch.data.name}: they receive your subject and note by e-mail.`
              : undefined
          }
        />
      </div>
      {query.isPending || branch.isPending ? (
        <PageSkeleton />
      ) : query.error || branch.error ? (
        <PageError error={query.error ?? branch.error} />
      ) : project!.access === 'signer' ? (
        <Navigate to={`/projects/${projectId}`} replace />
      ) : (
        <ReviewSendForm projectId={projectId} projectName={project!.name} branch={branch.data!} />
      )}
    </Stack>
  );
}
