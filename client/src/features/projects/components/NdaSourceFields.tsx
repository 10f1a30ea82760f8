import { Button, Group, Input, Paper, SegmentedControl, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTemplate } from '@tabler/icons-react';
import type { UseFormReturnType } from '@mantine/form';
import type { NdaSourceValues } from '@shared/schemas/nda-source';
import { MAX_NDA_NAME } from '@shared/schemas/ndas';
import { TemplateChooserModal } from '@client/features/templates';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import type { NdaSource } from '../api/ndas';

/** The NDA fields of a form's values (validated by the shared checkNdaSource). */
export interface NdaSourceFormValues extends NdaSourceValues {
  ndaFile: File | null;
}

/** The document chosen on the form, if any: the file or the template of the current mode. */
export function ndaSourceOf(values: NdaSourceFormValues): NdaSource | null {
  if (values.ndaMode === 'file' && values.ndaFile) return { kind: 'file', file: values.ndaFile };
  if (values.ndaMode === 'template' && values.ndaTemplate) return { kind: 'template', template: values.ndaTemplate.id };
  return null;
}

interface NdaSourceFieldsProps<V extends NdaSourceFormValues> {
  form: UseFormReturnType<V>;
  disabled?: boolean;
  /** The stored document, shown while no new one is chosen. */
  current?: { name: string } | null;
  fileLabel?: string;
}

/** NDA name, then the NDA itself: an uploaded file or one of the company's templates. */
export function NdaSourceFields<V extends NdaSourceFormValues>({
  form,
  disabled,
  current,
  fileLabel = 'NDA file',
}: NdaSourceFieldsProps<V>) {
  const [chooser, { open, close }] = useDisclosure(false);
  const values = form.getValues();
  const value = { name: values.ndaName, mode: values.ndaMode, file: values.ndaFile, template: values.ndaTemplate };
  // setValues also clears the form's messages, so a refused NDA's message goes once it is changed.
  const set = (changes: Partial<NdaSourceFormValues>) => form.setValues(changes as Partial<V>);
  const errors = {
    name: form.errors.ndaName as string | undefined,
    source: (values.ndaMode === 'file' ? form.errors.ndaFile : form.errors.ndaTemplate) as string | undefined,
  };
  return (
    <Stack gap="md">
      <TextInput
        label="NDA name"
        placeholder="For example, Mutual NDA"
        required
        maxLength={MAX_NDA_NAME}
        value={value.name}
        onChange={(e) => set({ ndaName: e.currentTarget.value })}
        error={errors.name}
        disabled={disabled}
        description={`Up to ${MAX_NDA_NAME} characters; recipients see this name.`}
      />
      <SegmentedControl
        value={value.mode}
        onChange={(mode) => set({ ndaMode: mode as NdaSourceValues['ndaMode'] })}
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
          onChange={(file) => set({ ndaFile: file })}
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
            ndaTemplate: { id: template.id, name: template.name },
            ndaName: value.name.trim() ? value.name : template.name.slice(0, MAX_NDA_NAME),
          })
        }
      />
    </Stack>
  );
}
