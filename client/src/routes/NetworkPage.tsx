import { Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { useBranch } from '@client/features/groups';
import { GroupSigners, NetworkBrowser } from '@client/features/network';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';

/** /projects/:projectId/group/:branchId/members: the signers of a group. */
function GroupMembers() {
  const { branchId, query, missing } = useProjectOrLeave();
  const branch = useBranch(branchId);
  if (missing) return null;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={query.data} current="Signers" />
        <PageHeader title={branch.data ? `Signers of ${branch.data.name}` : 'Signers'} />
      </div>
      {branch.isPending ? (
        <PageSkeleton />
      ) : branch.error ? (
        <PageError error={branch.error} />
      ) : (
        <GroupSigners branch={branch.data} />
      )}
    </Stack>
  );
}

/** /users: My Network; on a group route, that group's signers. */
export default function NetworkPage() {
  usePageTitle('My Network');
  const { branchId } = useParams();
  if (branchId) return <GroupMembers />;
  return (
    <>
      <PageHeader
        title="My Network"
        description="The people you send NDAs to: buyers, their advisers and other counterparties."
      />
      <NetworkBrowser />
    </>
  );
}
