import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  addDealDocumentFormSchema,
  DEAL_DOCUMENT_FILE_HINT,
  DEAL_DOCUMENT_RELEASES,
  dealDocumentFileProblem,
  type DealDocumentReleaseRule,
  RELEASE_RULE_LABELS,
} from '@shared/schemas/deal-documents';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { notifySuccess } from '@client/components/ui/notify';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { needsConversion } from '@client/lib/document-file';
import { applyFormErrors } from '@client/lib/errors';
import { useAddDealDocument } from '../api/deal-documents';

const DEAL_DOCUMENT_RULE = { problemOf: dealDocumentFileProblem, hint: DEAL_DOCUMENT_FILE_HINT };

export const RULE_OPTIONS = DEAL_DOCUMENT_RELEASES.map((value) => ({ value, label: RELEASE_RULE_LABELS[value] }));

interface Values {
  title: string;
  release: DealDocumentReleaseRule;
  file: File | null;
}

/** Add a deal document: its title, when it goes out, and the file. */
export function AddDealDocumentModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a deal document" size="lg">
      {opened && <AddForm projectId={projectId} onClose={onClose} />}
    </Modal>
  );
}

function AddForm({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const add = useAddDealDocument(projectId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { title: '', release: 'signed', file: null },
    validate: schemaResolver(addDealDocumentFormSchema, { sync: true }),
  });
  const file = form.getValues().file;
  const submit = form.onSubmit((v) => {
    if (add.isPending) return;
    add.mutate(
      { title: v.title, release: v.release, file: v.file! },
      {
        onSuccess: (doc) => {
          notifySuccess(`${doc.title} is added.`);
          onClose();
        },
        onError: (err) => applyFormErrors(form, err),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Title"
          placeholder="Process letter"
          required
          data-autofocus
          disabled={add.isPending}
          {...form.getInputProps('title')}
        />
        <Select
          label="Release"
          description="When a group receives it. You can also release it to a group by hand from the tracker."
          data={RULE_OPTIONS}
          allowDeselect={false}
          disabled={add.isPending}
          {...form.getInputProps('release')}
        />
        <DocumentDropzone
          label="Document"
          value={file}
          onChange={(f) => form.setFieldValue('file', f)}
          error={form.errors.file as string | undefined}
          disabled={add.isPending}
          required
          testId="deal-document-file-input"
          rule={DEAL_DOCUMENT_RULE}
        />
        {add.isPending && <UploadProgress files={[file]} converting={needsConversion(file)} percent={add.progress} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
