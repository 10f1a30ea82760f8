import { Button, Group, Paper, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { projectFileFormSchema } from '@shared/schemas/projects';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { useUploadProjectFile } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { needsConversion } from '@client/lib/document-file';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { FormSection } from '@client/components/ui/FormSection';
import { UploadProgress } from '@client/components/ui/UploadProgress';

const COPY = {
  teaser: {
    label: 'Teaser',
    title: 'Teaser',
    description:
      'A short, anonymous presentation of the opportunity. Groups you allow to see it can open it before signing.',
  },
  cim: {
    label: 'CIM',
    title: 'Confidential information memorandum',
    description: 'The detailed information on the business. A recipient can open it only once their NDA is signed.',
  },
} as const;

/** Update teaser / Update CIM (spec 2): one file, Cancel and Save; Save returns to the project. */
export function ProjectFileForm({ project, kind }: { project: ProjectDto; kind: 'teaser' | 'cim' }) {
  const navigate = useNavigate();
  const upload = useUploadProjectFile(project.id, kind);
  const form = useForm<{ file: File | null }>({
    mode: 'controlled',
    initialValues: { file: null },
    validate: schemaResolver(projectFileFormSchema(kind), { sync: true }),
  });
  const file = form.getValues().file;
  const copy = COPY[kind];
  const back = `/projects/${project.id}`;
  const currentName = kind === 'teaser' ? project.teaserName : project.cimName;
  const current = (kind === 'teaser' ? project.teaser : project.cim) ? { name: currentName ?? copy.label } : null;

  const submit = form.onSubmit((v) => {
    if (upload.isPending) return;
    upload.mutate(v.file!, {
      onSuccess: () => {
        notifySuccess(`The ${kind === 'cim' ? 'CIM' : 'teaser'} is saved.`);
        navigate(back);
      },
      // The upload call names the file after the document it is (teaser or cim).
      onError: (err) => applyFormErrors(form, err, { [kind]: 'file' }),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormSection first title={copy.title} description={copy.description}>
          <Stack gap="md">
            <DocumentDropzone
              label={copy.label}
              value={file}
              onChange={(f) => form.setFieldValue('file', f)}
              error={form.errors.file as string | undefined}
              current={current}
              disabled={upload.isPending}
              required
              testId={`${kind}-file-input`}
            />
            {upload.isPending && <UploadProgress files={[file]} converting={needsConversion(file)} />}
          </Stack>
        </FormSection>
        <Group justify="flex-end" mt="xl" gap="sm">
          <Button variant="default" onClick={() => navigate(back)} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={upload.isPending}>
            Save
          </Button>
        </Group>
      </Paper>
    </form>
  );
}
