import { Stack } from '@mantine/core';
import { PageHeader } from '../components/ui/PageHeader';
import { usePageTitle } from '../components/ui/use-page-title';
import { NdaLookup } from '@client/features/tracker';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { DashboardBreadcrumbs, useProjectOrLeave } from '@client/features/projects';
import { usePermissionFlags } from '@client/lib/use-permission-flags';

/** /projects/:projectId/lookup-nda: look up the NDA of any group of the project. */
export default function LookupNdaPage() {
  usePageTitle('Look up an NDA');
  const { query, missing } = useProjectOrLeave();
  const { can } = usePermissionFlags();
  if (missing) return null;
  const project = query.data;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current="NDAs" />
        <PageHeader
          title="Look up an NDA"
          description="Every group of the project, with its NDA and where it stands."
        />
      </div>
      {query.isPending ? (
        <PageSkeleton />
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <NdaLookup project={project!} canChange={project!.access !== 'signer' && can('canChangeProject')} />
      )}
    </Stack>
  );
}
