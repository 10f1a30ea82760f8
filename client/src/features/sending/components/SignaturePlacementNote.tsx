import { Alert, Anchor } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { trpc } from '@client/lib/trpc';

/**
 * Before sending, where the signatures will go: an NDA without signature fields is signed on a
 * signature page added after it, never over its text. A group following the project NDA is pointed to
 * the project NDA's fields as well, which every such group takes.
 */
export function SignaturePlacementNote({
  ndaId,
  ndaPage,
  projectFieldsPage,
}: {
  ndaId: number;
  ndaPage: string;
  projectFieldsPage?: string;
}) {
  const fields = trpc.ndas.signatureFields.useQuery({ id: ndaId });
  if (!fields.data || fields.data.fields.length > 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconSignature size={18} />} data-testid="signature-placement-note">
      This NDA has no signature fields: the signatures will go on a signature page added after the NDA, before the
      agreed amendments and the certificate. To have them signed in place, draw signature fields{' '}
      {projectFieldsPage && (
        <>
          on the{' '}
          <Anchor component={Link} to={projectFieldsPage}>
            project NDA
          </Anchor>
          , for every group that follows it, or{' '}
        </>
      )}
      on this group’s{' '}
      <Anchor component={Link} to={ndaPage}>
        NDA page
      </Anchor>{' '}
      first.
    </Alert>
  );
}
