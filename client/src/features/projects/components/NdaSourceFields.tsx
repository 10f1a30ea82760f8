import { Button, Group, Input, Paper, SegmentedControl, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTemplate } from '@tabler/icons-react';
import { MAX_NDA_NAME } from '@shared/schemas/ndas';
import { TemplateChooserModal } from '@client/features/templates';
import type { NdaDraft, NdaDraftErrors } from '../nda-draft';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';

interface NdaSourceFieldsProps {
  value: NdaDraft;
  onChange: (draft: NdaDraft) => void;
  errors: NdaDraftErrors;
  disabled?: boolean;
  /** The stored document, shown while no new one is chosen. */
  current?: { name: string } | null;
  fileLabel?: string;
}

/** NDA name, then the NDA itself: an uploaded file or one of the company's templates. */
export function NdaSourceFields({
  value,
  onChange,
  errors,
  disabled,
  current,
  fileLabel = 'NDA file',
}: NdaSourceFieldsProps) {
  const [chooser, { open, close }] = useDisclosure(false);
  const set = (changes: Partial<NdaDraft>) => onChange({ ...value, ...changes });
  return (
    <Stack gap="md">
      <TextInput
        label="NDA name"
        placeholder="For example, Mutual NDA"
        required
        maxLength={MAX_NDA_NAME}
        value={value.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
        disabled={disabled}
        description={`Up to ${MAX_NDA_NAME} characters; recipients see this name.`}
      />
      <SegmentedControl
        value={value.mode}
        onChange={(mode) => set({ mode: mode as NdaDraft['mode'] })}
        data={[
          { value: 'file', label: 'Upload a file' },
          { value: 'template', label: 'Choose a template' },
        ]}
        disabled={disabled}
        fullWidth
        aria-label="Where the NDA comes from"
      />
      {value.mode === 'file' ? (
        <DocumentDropzone
          label={fileLabel}
          value={value.file}
          onChange={(file) => set({ file })}
          error={errors.source}
          disabled={disabled}
          current={current}
          testId="nda-file-input"
        />
      ) : (
        <Input.Wrapper label="Template" error={errors.source}>
          <Paper
            withBorder
            radius="md"
            p="sm"
            mt={4}
            style={{ borderColor: errors.source ? 'var(--mantine-color-red-6)' : undefined }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <ThemeIcon variant="light" size={36} radius="md">
                  <IconTemplate size={20} />
                </ThemeIcon>
                <Text fz="sm" fw={value.template ? 600 : 400} c={value.template ? undefined : 'dimmed'} truncate>
                  {value.template ? value.template.name : 'No template chosen'}
                </Text>
              </Group>
              <Button variant="light" size="xs" onClick={open} disabled={disabled}>
                {value.template ? 'Change' : 'Choose template'}
              </Button>
            </Group>
          </Paper>
        </Input.Wrapper>
      )}
      <TemplateChooserModal
        opened={chooser}
        onClose={close}
        selectedId={value.template?.id}
        onChoose={(template) =>
          set({
            template: { id: template.id, name: template.name },
            name: value.name.trim() ? value.name : template.name.slice(0, MAX_NDA_NAME),
          })
        }
      />
    </Stack>
  );
}
