import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { addTemplateFormSchema, MAX_TEMPLATE_NAME } from '@shared/schemas/templates';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { FormSection } from '@client/components/ui/FormSection';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { needsConversion } from '@client/lib/document-file';
import { useCreateTemplate } from '../api/templates';

/** Add NDA template (spec 2): 'NDA Name' and 'Upload a Template File'; Cancel and Save. */
export function AddTemplateForm({ canAdd }: { canAdd: boolean }) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const form = useForm<{ name: string; file: File | null }>({
    mode: 'controlled',
    initialValues: { name: '', file: null },
    validate: schemaResolver(addTemplateFormSchema, { sync: true }),
    validateInputOnBlur: ['name'],
  });
  const file = form.getValues().file;

  const submit = form.onSubmit((v) => {
    if (create.isPending || !canAdd) return;
    create.mutate(
      { name: v.name.trim(), file: v.file! },
      {
        onSuccess: (t) => {
          notifySuccess(`Template ${t.name} is added.`);
          navigate('/templates');
        },
        onError: (err) => applyFormErrors(form, err),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormSection
          first
          title="Template"
          description="Your team chooses templates by name when it creates a project or gives a group its NDA."
        >
          <Stack gap="md">
            <TextInput
              label="NDA Name"
              placeholder="For example, Mutual NDA (UK law)"
              required
              maxLength={MAX_TEMPLATE_NAME}
              {...form.getInputProps('name')}
              disabled={create.isPending}
            />
            <DocumentDropzone
              label="Upload a Template File"
              value={file}
              onChange={(f) => form.setFieldValue('file', f)}
              error={form.errors.file as string | undefined}
              disabled={create.isPending}
              required
              testId="template-file-input"
            />
            {create.isPending && <UploadProgress files={[file]} converting={needsConversion(file)} />}
          </Stack>
        </FormSection>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={() => navigate('/templates')} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!canAdd}>
            Save
          </Button>
        </Group>
      </Paper>
    </form>
  );
}
