import { Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';

interface UploadProgressProps {
  /** The files being sent. */
  files: Array<File | null | undefined>;
  /** At least one of them is converted to PDF on the server. */
  converting: boolean;
  /** The share sent so far (0 to 100), when the upload reports it. */
  percent?: number | null;
}

/** Shown while documents travel: Word and ODT files are converted to PDF on the server, which takes a few seconds. */
export function UploadProgress({ files, converting, percent = null }: UploadProgressProps) {
  const names = files.filter((f): f is File => !!f).map((f) => f.name);
  // Once the whole file is sent, the server still checks and stores it.
  const sending = percent !== null && percent < 100;
  return (
    <Paper withBorder p="md" radius="md" bg="navy.0" role="status" aria-live="polite">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" />
          <Text fz="sm" fw={600}>
            {converting
              ? 'Uploading and converting to PDF…'
              : sending
                ? // The bar carries the share for assistive technology: the live region is not re-read every percent.
                  ['Uploading… ', <span key="percent" aria-hidden="true">{`${percent}%`}</span>]
                : percent === 100
                  ? 'Sent. Checking and storing the document…'
                  : 'Uploading…'}
          </Text>
        </Group>
        {sending ? (
          <Progress value={percent} size="sm" aria-label="Upload progress" data-testid="upload-progress-bar" />
        ) : (
          <Progress value={100} striped animated size="sm" aria-hidden="true" />
        )}
        <Text fz="xs" c="dimmed">
          {names.length ? `${names.join(', ')}. ` : ''}
          {converting
            ? 'Word and ODT documents are converted on the server; this can take a few seconds.'
            : 'This takes a moment.'}
        </Text>
      </Stack>
    </Paper>
  );
}
