import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_TEMPLATE_NAME, TEMPLATE_MESSAGES } from '@shared/schemas/templates';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrorsTo } from '@client/lib/errors';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { FormSection } from '@client/components/ui/FormSection';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { needsConversion } from '@client/lib/document-file';
import { useCreateTemplate } from '../api/templates';

/** Add NDA template (spec 2): 'NDA Name' and 'Upload a Template File'; Cancel and Save. */
export function AddTemplateForm({ canAdd }: { canAdd: boolean }) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending || !canAdd) return;
    const next = {
      name: name.trim() ? undefined : TEMPLATE_MESSAGES.name,
      file: file ? undefined : TEMPLATE_MESSAGES.file,
    };
    setErrors(next);
    if (next.name || next.file) return;
    create.mutate(
      { name: name.trim(), file: file! },
      {
        onSuccess: (t) => {
          notifySuccess(`Template ${t.name} is added.`);
          navigate('/templates');
        },
        onError: (err) => setErrors(applyFormErrorsTo(err, ['name', 'file'])),
      },
    );
  };

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
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              onBlur={() => setErrors((x) => ({ ...x, name: name.trim() ? undefined : TEMPLATE_MESSAGES.name }))}
              error={errors.name}
              disabled={create.isPending}
            />
            <DocumentDropzone
              label="Upload a Template File"
              value={file}
              onChange={(f) => (setFile(f), setErrors((x) => ({ ...x, file: undefined })))}
              error={errors.file}
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
