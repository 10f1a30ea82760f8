import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { RedlineImportModal } from './RedlineImportModal';

/** Opens the import of a Word mark-up: the bidder's own, or the bidder's brought in by the project's team. */
export function RedlineImportButton({ nda, onBehalf }: { nda: { id: number }; onBehalf: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setOpened(true)}>
        Import Word mark-up
      </Button>
      <RedlineImportModal nda={nda} onBehalf={onBehalf} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
