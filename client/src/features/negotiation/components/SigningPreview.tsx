import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { PdfViewerModal } from '@client/components/ui/PdfViewerModal';
import { loadSigningPreview } from '../api/signing';

/**
 * Opens the final document as it will be signed: the NDA, the agreed amendments and the certificate,
 * with the signatures still to apply. Each opening builds it afresh, so it shows the negotiation as it
 * stands.
 */
export function SigningPreview({ nda }: { nda: { id: number; name: string } }) {
  const [opened, viewer] = useDisclosure(false);
  const load = useMemo(() => loadSigningPreview(nda.id), [nda.id]);
  return (
    <>
      <Button variant="light" leftSection={<IconFileSearch size={18} />} onClick={viewer.open}>
        Preview final document
      </Button>
      <PdfViewerModal
        opened={opened}
        onClose={viewer.close}
        title={`${nda.name}: final document (preview)`}
        load={load}
      />
    </>
  );
}
