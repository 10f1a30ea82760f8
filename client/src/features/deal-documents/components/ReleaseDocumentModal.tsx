import { Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '@client/components/ui/FormActions';
import { notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { useDealDocuments, useReleaseDealDocument } from '../api/deal-documents';

/** Releases one of the project's deal documents to a group by hand, whatever its rule. */
export function ReleaseDocumentModal({
  projectId,
  branch,
  opened,
  onClose,
}: {
  projectId: number;
  branch: { id: number; name: string };
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Release a document to ${branch.name}`}>
      {opened && <ReleaseForm projectId={projectId} branch={branch} onClose={onClose} />}
    </Modal>
  );
}

function ReleaseForm({
  projectId,
  branch,
  onClose,
}: {
  projectId: number;
  branch: { id: number; name: string };
  onClose: () => void;
}) {
  const documents = useDealDocuments(projectId);
  const release = useReleaseDealDocument(projectId);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = (documents.data ?? []).filter((d) => !d.releases.some((r) => r.projectBranch === branch.id));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!choice) return setError('Choose a document.');
    const doc = waiting.find((d) => String(d.id) === choice)!;
    release.mutate(
      { project: projectId, document: doc.id, projectBranch: branch.id },
      {
        onSuccess: () => {
          notifySuccess(`${doc.title} is released to ${branch.name}.`);
          onClose();
        },
        onError: (err) => setError(errorMessageOf(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {documents.isSuccess && waiting.length === 0 ? (
          <Text fz="sm">Every deal document of this project has been released to {branch.name}.</Text>
        ) : (
          <Select
            label="Document"
            placeholder={documents.isPending ? 'Loading…' : 'Choose a document'}
            data={waiting.map((d) => ({ value: String(d.id), label: d.title }))}
            value={choice}
            onChange={(v) => {
              setChoice(v);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
        )}
        <Text fz="xs" c="dimmed">
          The group’s recipients can open it at once; the activity feed records the release.
        </Text>
        <FormActions onCancel={onClose} submitLabel="Release" busy={release.isPending} />
      </Stack>
    </form>
  );
}
