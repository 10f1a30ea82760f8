import { Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DOCUMENT_FILE_MESSAGES } from '@shared/schemas/ndas';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrorsTo } from '@client/lib/errors';
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
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const copy = COPY[kind];
  const back = `/projects/${project.id}`;
  const currentName = kind === 'teaser' ? project.teaserName : project.cimName;
  const current = (kind === 'teaser' ? project.teaser : project.cim) ? { name: currentName ?? copy.label } : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) {
      setError(DOCUMENT_FILE_MESSAGES[kind]);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => {
        notifySuccess(`The ${kind === 'cim' ? 'CIM' : 'teaser'} is saved.`);
        navigate(back);
      },
      onError: (err) => setError(applyFormErrorsTo(err, [kind, 'file'])[kind] ?? null),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <FormSection first title={copy.title} description={copy.description}>
          <Stack gap="md">
            <DocumentDropzone
              label={copy.label}
              value={file}
              onChange={(f) => (setFile(f), setError(null))}
              error={error}
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
