import '@mantine/dropzone/styles.css';
import { ActionIcon, Group, Input, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileText, IconFileUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { UPLOAD_MESSAGES } from '@shared/uploads';
import { documentFileProblem } from '@shared/schemas/documents';
import { DOCUMENT_ACCEPT, fileSizeText } from '@client/lib/document-file';

interface DocumentDropzoneProps {
  label: string;
  description?: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** A message from the form or the server. */
  error?: string | null;
  /** What is stored now, shown while no new file is chosen. */
  current?: { name: string } | null;
  disabled?: boolean;
  required?: boolean;
  /** The hidden file input's test id, for end-to-end tests. */
  testId?: string;
  /**
   * The rule a file must meet (the NDA upload rules unless another is given): what the picker offers,
   * how a file is checked, and what the box says.
   */
  rule?: { accept?: Record<string, string[]>; problemOf: (file: File) => string | null; hint: string };
}

const NDA_FILE_RULE = {
  problemOf: documentFileProblem,
  hint: 'PDF up to 3 MB, or DOC, DOCX, ODT (converted to PDF)',
};

/** One document (PDF, DOC, DOCX, ODT) dropped or picked, checked against the upload rules before it is sent. */
export function DocumentDropzone({
  label,
  description,
  value,
  onChange,
  error,
  current,
  disabled,
  required,
  testId,
  rule = NDA_FILE_RULE,
}: DocumentDropzoneProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error ?? null;

  const take = (file: File | undefined) => {
    if (!file) return;
    const why = rule.problemOf(file);
    setProblem(why);
    onChange(why ? null : file);
  };

  return (
    <Input.Wrapper label={label} description={description} error={shown} required={required}>
      <Stack gap={8} mt={description ? 6 : 4}>
        {value ? (
          <Paper withBorder radius="md" p="sm" bg="navy.0">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="white" color="navy" size={36} radius="md">
                  <IconFileText size={20} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600} truncate>
                    {value.name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {fileSizeText(value.size)}
                  </Text>
                </Stack>
              </Group>
              <Tooltip label="Remove file">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove ${value.name}`}
                  onClick={() => onChange(null)}
                  disabled={disabled}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        ) : (
          <Dropzone
            onDrop={(files) => take(files[0])}
            onReject={(rejections) => {
              const file = rejections[0]?.file;
              if (file) take(file);
              else setProblem(UPLOAD_MESSAGES.wrongType);
            }}
            accept={rule.accept ?? DOCUMENT_ACCEPT}
            multiple={false}
            disabled={disabled}
            radius="md"
            p="md"
            inputProps={testId ? ({ 'data-testid': testId } as React.InputHTMLAttributes<HTMLInputElement>) : undefined}
            style={{ borderColor: shown ? 'var(--mantine-color-red-6)' : undefined }}
          >
            <Group gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }}>
              <ThemeIcon variant="light" color="navy" size={40} radius="md">
                <IconFileUpload size={22} />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fz="sm" fw={600}>
                  <Dropzone.Idle>Drop a file here or click to browse</Dropzone.Idle>
                  <Dropzone.Accept>Drop the file to attach it</Dropzone.Accept>
                  <Dropzone.Reject>This file type is not accepted</Dropzone.Reject>
                </Text>
                <Text fz="xs" c="dimmed">
                  {rule.hint}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
        )}
        {!value && current && (
          <Text fz="xs" c="dimmed">
            Current file: <b>{current.name}</b>. A new file replaces it.
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
