import { Alert, Button, Stack } from '@mantine/core';
import { IconFileCertificate, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { canPlaceSignatureFields } from '@shared/nda-lifecycle';
import { EmptyState } from '../components/ui/EmptyState';
import { PageHeader } from '../components/ui/PageHeader';
import { PageError, PageSkeleton } from '@client/components/ui/PageState';
import { usePageTitle } from '../components/ui/use-page-title';
import type { NdaDto } from '@client/lib/api-types';
import { usePermissionFlags } from '@client/lib/use-permission-flags';
import { DashboardBreadcrumbs, fetchNdaPdf, useProjectNda, useProjectOrLeave } from '@client/features/projects';
import { SignatureFieldPlacement, useSaveSignatureFields, useSignatureFields } from '@client/features/negotiation';

/** /projects/:projectId/nda/fields: where each party signs the project NDA, for every group that follows it. */
export default function ProjectNdaFieldsPage() {
  usePageTitle('Project NDA signature fields');
  const { projectId, query, missing } = useProjectOrLeave();
  const nda = useProjectNda(projectId || null);
  if (missing) return null;
  const project = query.data;
  return (
    <Stack gap="md">
      <div>
        <DashboardBreadcrumbs project={project} current="Project NDA signature fields" />
        <PageHeader
          title="Project NDA signature fields"
          description="Draw where each party signs and writes their name, company, title, date and address. Every group that receives the project NDA takes these fields."
        />
      </div>
      {query.isPending || nda.isPending ? (
        <PageSkeleton />
      ) : query.error || nda.error ? (
        <PageError error={query.error ?? nda.error} />
      ) : project!.access === 'signer' ? (
        <Navigate to={`/projects/${projectId}`} replace />
      ) : nda.nda ? (
        <ProjectNdaFields nda={nda.nda} />
      ) : (
        <EmptyState
          icon={<IconFileCertificate size={28} />}
          title="No project NDA yet"
          action={
            <Button component={Link} to={`/projects/${projectId}/nda`}>
              Add NDA
            </Button>
          }
        >
          Add the project NDA first, then place its signature fields.
        </EmptyState>
      )}
    </Stack>
  );
}

function ProjectNdaFields({ nda }: { nda: NdaDto }) {
  const { can } = usePermissionFlags();
  const pdf = useQuery({
    queryKey: ['signature-field-document', 'nda', nda.id, nda.file, nda.pageCount],
    queryFn: async ({ signal }) => (await fetchNdaPdf(nda, signal)).arrayBuffer(),
    staleTime: Infinity,
  });
  const fields = useSignatureFields(nda.id);
  const saver = useSaveSignatureFields(nda.id);
  return (
    <SignatureFieldPlacement
      data={pdf.data}
      loadError={pdf.isError ? (pdf.error as Error).message || 'The NDA could not be loaded.' : null}
      saved={fields.data?.fields}
      saver={saver}
      canEdit={can('canChangeNda') && can('canChangeProject') && canPlaceSignatureFields(nda)}
      note={
        <Alert variant="light" color="navy" icon={<IconInfoCircle size={18} />} data-testid="inherited-fields-note">
          Groups that follow the project NDA, and have not signed it, take the saved fields, including groups added
          later. A group whose own fields were changed on its NDA page keeps them.
        </Alert>
      }
    />
  );
}
