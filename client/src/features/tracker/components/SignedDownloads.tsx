import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { SIGNING_MESSAGES } from '@shared/signing';
import { toastError } from '@client/lib/errors';
import type { BranchDto } from '@client/lib/api-types';
import { downloadNdaPdf, downloadSignedNdas } from '@client/features/projects';

/** Runs a download, busy meanwhile, and says so when it fails. */
function useDownload(run: () => Promise<void>, failure: string) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await run();
    } catch (err) {
      toastError(err, failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start: () => void start() };
}

/** The signed NDA of one group, saved as `<project> - <group> - <NDA name> (signed).pdf`. */
export function SignedNdaDownload({
  projectName,
  branch,
  variant,
}: {
  projectName: string;
  branch: Pick<BranchDto, 'name' | 'nda'>;
  variant: 'icon' | 'button';
}) {
  const nda = branch.nda;
  const download = useDownload(
    () => downloadNdaPdf(nda!, { project: projectName, group: branch.name }),
    'The signed NDA could not be downloaded.',
  );
  if (!nda?.isSigned) return null;
  // No signed file yet: the seal waits for a trusted timestamp.
  if (nda.sealPending)
    return (
      <Tooltip label={SIGNING_MESSAGES.sealPending} withArrow multiline w={260}>
        <Text fz="xs" c="dimmed" data-testid="seal-pending">
          Seal pending
        </Text>
      </Tooltip>
    );
  const label = `Download the signed NDA of ${branch.name}`;
  if (variant === 'button')
    return (
      <Button
        size="xs"
        variant="light"
        color="teal"
        leftSection={<IconDownload size={14} />}
        loading={download.busy}
        onClick={download.start}
        aria-label={label}
      >
        Signed PDF
      </Button>
    );
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="teal" aria-label={label} loading={download.busy} onClick={download.start}>
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Every signed NDA of the project in one ZIP. */
export function SignedNdasZipDownload({ project }: { project: { id: number; name: string } }) {
  const download = useDownload(() => downloadSignedNdas(project), 'The signed NDAs could not be downloaded.');
  return (
    <Button variant="subtle" leftSection={<IconFileZip size={16} />} loading={download.busy} onClick={download.start}>
      Download all signed NDAs
    </Button>
  );
}
