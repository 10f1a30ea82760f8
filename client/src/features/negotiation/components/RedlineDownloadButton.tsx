import { Button } from '@mantine/core';
import { IconFileWord } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError } from '@client/lib/errors';
import { downloadNdaRedline } from '@client/features/projects';

/** Saves the NDA as a Word redline: agreed amendments as tracked changes, open threads as comments. */
export function RedlineDownloadButton({ nda }: { nda: { id: number; name: string } }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadNdaRedline(nda);
    } catch (err) {
      toastError(err, 'The redline could not be downloaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconFileWord size={18} />} loading={busy} onClick={() => void download()}>
      Download redline (Word)
    </Button>
  );
}
