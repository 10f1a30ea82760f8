import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { clauseLabel } from '@shared/clause-attach';
import { markupFileProblem, type RedlinePreview, type RedlinePreviewItem } from '@shared/redline';
import { DocumentDropzone } from '@client/components/ui/DocumentDropzone';
import { notifySuccess } from '@client/components/ui/notify';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { applyFormErrors, errorMessageOf } from '@client/lib/errors';
import { useConfirmRedlineImport, usePreviewRedlineImport } from '../api/redline-import';

const MARKUP = {
  accept: { 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'] },
  problemOf: markupFileProblem,
  hint: 'A Word document (DOCX) up to 10 MB, with tracked changes or comments',
};

interface ImportModalProps {
  nda: { id: number };
  /** The project's team imports on the bidder's behalf. */
  onBehalf: boolean;
  opened: boolean;
  onClose: () => void;
}

/** Import a Word mark-up: choose the DOCX, see what it becomes, then create the threads. */
export function RedlineImportModal({ nda, onBehalf, opened, onClose }: ImportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import Word mark-up" size="xl">
      {opened && <ImportSteps ndaId={nda.id} onBehalf={onBehalf} onClose={onClose} />}
    </Modal>
  );
}

function ImportSteps({ ndaId, onBehalf, onClose }: { ndaId: number; onBehalf: boolean; onClose: () => void }) {
  const preview = usePreviewRedlineImport(ndaId);
  const confirm = useConfirmRedlineImport(ndaId);
  const form = useForm<{ file: File | null }>({
    mode: 'controlled',
    initialValues: { file: null },
    validate: { file: (f) => (f ? markupFileProblem(f) : 'Choose the DOCX with your tracked changes and comments.') },
  });
  const file = form.getValues().file;
  const submit = form.onSubmit((v) => {
    if (preview.isPending) return;
    preview.mutate(v.file!, { onError: (err) => applyFormErrors(form, err) });
  });
  const matched = preview.data?.items.filter((i) => i.clause) ?? [];
  const create = () => {
    if (!file || confirm.isPending) return;
    confirm.mutate(file, {
      onSuccess: (result) => {
        notifySuccess(`${result.threads.length} ${result.threads.length === 1 ? 'thread' : 'threads'} imported.`);
        onClose();
      },
    });
  };

  if (preview.data && file)
    return (
      <Stack gap="md">
        <PreviewLists preview={preview.data} />
        {onBehalf && matched.length > 0 && (
          <Text fz="sm">The threads will be marked as imported by you on the bidder’s behalf.</Text>
        )}
        {confirm.error && (
          <Alert color="red" role="alert" title="The mark-up was not imported">
            {errorMessageOf(confirm.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              preview.reset();
              confirm.reset();
            }}
            disabled={confirm.isPending}
          >
            Choose another file
          </Button>
          <Button onClick={create} loading={confirm.isPending} disabled={matched.length === 0}>
            {matched.length === 1 ? 'Create 1 thread' : `Create ${matched.length} threads`}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          Upload a mark-up of this NDA made in Word. Each tracked change becomes a thread proposing the new wording, and
          each comment a thread at the words it comments on. You see them before anything is created.
        </Text>
        <DocumentDropzone
          label="Word mark-up"
          value={file}
          onChange={(f) => form.setFieldValue('file', f)}
          error={form.errors.file as string | undefined}
          disabled={preview.isPending}
          required
          testId="redline-import-file-input"
          rule={MARKUP}
        />
        {preview.isPending && <UploadProgress files={[file]} converting={false} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={preview.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={preview.isPending}>
            Preview
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PreviewLists({ preview }: { preview: RedlinePreview }) {
  const matched = preview.items.filter((i) => i.clause);
  const unmatched = preview.items.filter((i) => !i.clause);
  return (
    <Stack gap="md" data-testid="redline-import-preview">
      <section aria-labelledby="redline-import-matched">
        <Title order={3} fz="md" id="redline-import-matched" mb="xs">
          {matched.length ? `Will become threads (${matched.length})` : 'Nothing in this mark-up matches the NDA'}
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {matched.map((item, i) => (
            <PreviewItem key={i} item={item} />
          ))}
        </Stack>
      </section>
      {unmatched.length > 0 && (
        <section aria-labelledby="redline-import-unmatched">
          <Title order={3} fz="md" id="redline-import-unmatched" mb="xs">
            Not imported ({unmatched.length})
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {unmatched.map((item, i) => (
              <PreviewItem key={i} item={item} />
            ))}
          </Stack>
        </section>
      )}
    </Stack>
  );
}

function PreviewItem({ item }: { item: RedlinePreviewItem }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="redline-import-item">
      <Group gap="xs" mb={4}>
        <Badge variant="light" color={item.kind === 'change' ? 'navy' : 'gray'} tt="none">
          {item.kind === 'change' ? 'Tracked change' : 'Comment'}
        </Badge>
        {item.clause && (
          <Text fz="xs" fw={600}>
            {clauseLabel(item.clause)}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          by {item.author}
        </Text>
      </Group>
      {item.quote && (
        <Text fz="sm">
          <Text span fw={600}>
            {item.kind === 'change' ? 'Replaces: ' : 'On: '}
          </Text>
          “{item.quote}”
        </Text>
      )}
      {item.kind === 'change' && (
        <Text fz="sm">
          <Text span fw={600}>
            {'With: '}
          </Text>
          {item.proposal ? `“${item.proposal}”` : 'nothing (the words are deleted)'}
        </Text>
      )}
      {item.text && (
        <Text fz="sm">
          <Text span fw={600}>
            {'Comment: '}
          </Text>
          {item.text}
        </Text>
      )}
      {item.reason && (
        <Text fz="sm" c="red.8" mt={4}>
          {item.reason}
        </Text>
      )}
    </Paper>
  );
}
