import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { SIGNING_MESSAGES } from '@shared/signing';
import { notifyError } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { downloadNdaPdf } from '@client/features/projects';
import type { NdaReview } from '../hooks/use-nda-review';

/**
 * The NDA is executed: both sides download the signed copy, once it is sealed. While its seal waits for
 * a trusted timestamp there is nothing to download yet, and the notice says so.
 */
export function SignedNotice({ review }: { review: NdaReview }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadNdaPdf(review.nda, { project: review.project.name, group: review.branch.name });
    } catch (err) {
      notifyError(errorMessageOf(err, 'The signed PDF could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };
  if (review.nda.sealPending)
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="seal-pending-notice">
        <IconHourglass size={20} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
        <Text fz="sm" c="dimmed">
          The NDA is signed by both parties. {SIGNING_MESSAGES.sealPending}
        </Text>
      </Group>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCircleCheck
          size={20}
          color="var(--mantine-color-green-7)"
          aria-hidden
          style={{ flex: 'none', marginTop: 1 }}
        />
        <Text fz="sm" c="dimmed">
          The NDA is signed by both parties. The signed copy carries both signatures and a certificate page.
        </Text>
      </Group>
      <Button leftSection={<IconDownload size={18} />} onClick={() => void download()} loading={downloading}>
        Download signed PDF
      </Button>
    </Stack>
  );
}
