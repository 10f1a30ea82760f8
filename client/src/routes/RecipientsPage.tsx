import { Stack } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useBranch, RecipientsForm } from '@client/features/groups';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';

/** /projects/:projectId/group/create and /projects/:projectId/group/:branchId/edit */
export default function RecipientsPage() {
  const { projectId, branchId, query, missing } = useProjectOrLeave();
  const branch = useBranch(branchId);
  const editing = branchId !== null;
  usePageTitle(editing ? 'Update recipients' : 'Add recipients');
  if (missing) return null;
  const project = query.data;
  const loading = query.isPending || (editing && branch.isPending);
  const error = query.error ?? (editing ? branch.error : null);
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current={editing ? 'Update recipients' : 'New recipients'} />
        <PageHeader
          title={editing ? 'Update recipients' : 'Send the NDA to new recipients'}
          description={
            editing
              ? `Change ${branch.data?.name ?? 'the group'}: its name, recipients and settings.`
              : `Create a group of recipients for ${project?.name ?? 'this project'}.`
          }
        />
      </div>
      {loading ? (
        <PageSkeleton />
      ) : error ? (
        <PageError error={error} />
      ) : project!.access === 'signer' ? (
        <Navigate to={`/projects/${projectId}`} replace />
      ) : (
        <RecipientsForm
          key={branchId ?? 'new'}
          projectId={projectId}
          projectName={project!.name}
          branch={editing ? branch.data : null}
        />
      )}
    </Stack>
  );
}
