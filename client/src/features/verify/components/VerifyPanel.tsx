import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, PDF_MIME_TYPE } from '@mantine/dropzone';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_VERIFY_BYTES, VERIFY_MESSAGES } from '@shared/verify';
import { errorMessageOf } from '@client/lib/errors';
import { useVerifyDocument } from '../api/verify';
import { VerifyResultCard } from './VerifyResultCard';

/** Drop a signed PDF, have it checked, read the answer. */
export function VerifyPanel() {
  const check = useVerifyDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file) return;
    setName(file.name);
    setProblem(null);
    check.reset();
    check.mutate(file);
  };

  const error = problem ?? (check.error ? errorMessageOf(check.error) : null);
  return (
    <Stack gap="md">
      <Dropzone
        onDrop={(files) => take(files[0])}
        onReject={(rejections) => {
          setName(null);
          check.reset();
          const file = rejections[0]?.file;
          setProblem(file && file.size > MAX_VERIFY_BYTES ? VERIFY_MESSAGES.tooLarge : VERIFY_MESSAGES.notPdf);
        }}
        accept={PDF_MIME_TYPE}
        maxSize={MAX_VERIFY_BYTES}
        multiple={false}
        loading={check.isPending}
        radius="md"
        p="lg"
        inputProps={
          {
            'aria-label': 'Signed PDF to check',
            'data-testid': 'verify-file',
          } as React.InputHTMLAttributes<HTMLInputElement>
        }
      >
        <Group gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <ThemeIcon variant="light" color="navy" size={44} radius="md" aria-hidden>
            <IconFileUpload size={24} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600}>Drop the signed PDF here, or click to choose it</Text>
            <Text fz="sm" c="gray.7">
              The file is checked and not kept.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {error && (
        <Alert color="red" title="The file could not be checked" role="alert">
          {error}
        </Alert>
      )}
      {check.data && (
        <Paper withBorder radius="md" p="md">
          {name && (
            <Text fz="sm" c="gray.7" mb="xs">
              Checked: {name}
            </Text>
          )}
          <VerifyResultCard result={check.data} />
          <Group justify="flex-end" mt="md">
            <Button variant="light" onClick={() => check.reset()}>
              Check another file
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
