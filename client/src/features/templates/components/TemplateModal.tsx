import { Button, Center, Group, Loader, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconBook2, IconSignature, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { lazy, Suspense, useCallback, useState } from 'react';
import { MAX_TEMPLATE_NAME, templateRenameInput } from '@shared/schemas/templates';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors, errorMessageOf } from '@client/lib/errors';
import type { TemplateDto } from '@client/lib/api-types';
import { fetchTemplatePdf, useDeleteTemplate, useRenameTemplate } from '../api/templates';

const PdfDocument = lazy(() => import('@client/components/ui/PdfDocument'));

type Mode = 'view' | 'edit-title' | 'confirm-delete';

interface TemplateModalProps {
  template: TemplateDto | null;
  onClose: () => void;
  canChange: boolean;
  canDelete: boolean;
}

/** A template opened from the grid: its PDF, Edit title (Confirm edit, Cancel) and Delete (Confirm delete, Cancel). */
export function TemplateModal({ template, onClose, canChange, canDelete }: TemplateModalProps) {
  const [mode, setMode] = useState<Mode>('view');
  const titleForm = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: schemaResolver(templateRenameInput, { sync: true }),
  });
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameTemplate();
  const remove = useDeleteTemplate();
  const templateId = template?.id;
  const templateFile = template?.file;
  const load = useCallback(
    (signal: AbortSignal) => fetchTemplatePdf({ id: templateId!, file: templateFile! }, signal),
    [templateId, templateFile],
  );

  // Reset only when another template opens: a refetch of the same one must not discard a title being typed.
  const [shownId, setShownId] = useState(templateId);
  if (shownId !== templateId) {
    setShownId(templateId);
    setMode('view');
    setError(null);
  }

  const startEdit = () => {
    titleForm.setValues({ name: template?.name ?? '' });
    titleForm.clearErrors();
    setError(null);
    setMode('edit-title');
  };

  const confirmEdit = titleForm.onSubmit((v) => {
    rename.mutate(
      { id: template!.id, name: v.name.trim() },
      {
        onSuccess: () => {
          setMode('view');
          notifySuccess('The template is renamed.');
        },
        onError: (err) => applyFormErrors(titleForm, err),
      },
    );
  });

  const confirmDelete = () =>
    remove.mutate(
      { id: template!.id },
      {
        onSuccess: () => {
          notifySuccess('The template is deleted.');
          onClose();
        },
        onError: (err) => setError(errorMessageOf(err)),
      },
    );

  const header =
    mode === 'edit-title' ? (
      <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: 1 }}>
        <TextInput
          {...titleForm.getInputProps('name')}
          maxLength={MAX_TEMPLATE_NAME}
          aria-label="Template name"
          size="sm"
          style={{ flex: 1 }}
          data-autofocus
          onKeyDown={(e) => e.key === 'Enter' && confirmEdit()}
        />
        <Button size="sm" onClick={() => confirmEdit()} loading={rename.isPending}>
          Confirm edit
        </Button>
        <Button size="sm" variant="default" onClick={() => setMode('view')} disabled={rename.isPending}>
          Cancel
        </Button>
      </Group>
    ) : (
      // The modal's title is the dialog's heading already: a second heading inside it would name it twice.
      <Text span fz="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {template?.name}
      </Text>
    );

  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      size={1000}
      title={header}
      styles={{ title: { flex: 1, marginRight: 12 }, body: { paddingTop: 0 } }}
    >
      {template && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed">
              {template.pageCount} {template.pageCount === 1 ? 'page' : 'pages'}
              {template.projects.length > 0 &&
                ` · used by ${template.projects.length} ${template.projects.length === 1 ? 'project' : 'projects'}`}
            </Text>
            {mode === 'confirm-delete' ? (
              <Group gap="xs">
                <Text fz="sm" fw={600} c="red.8">
                  Delete this template?
                </Text>
                <Button size="xs" color="red" onClick={confirmDelete} loading={remove.isPending}>
                  Confirm delete
                </Button>
                <Button size="xs" variant="default" onClick={() => setMode('view')} disabled={remove.isPending}>
                  Cancel
                </Button>
              </Group>
            ) : (
              mode === 'view' && (
                <Group gap="xs">
                  {canChange && (
                    <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={startEdit}>
                      Edit title
                    </Button>
                  )}
                  {canChange && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconSignature size={14} />}
                      component={Link}
                      to={`/templates/${template.id}/fields`}
                    >
                      Signature fields
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconBook2 size={14} />}
                    component={Link}
                    to={`/templates/${template.id}/playbook`}
                  >
                    Playbook
                  </Button>
                  {canDelete && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setMode('confirm-delete')}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              )
            )}
          </Group>
          {mode !== 'edit-title' && error && (
            <Text c="red" fz="sm">
              {error}
            </Text>
          )}
          <ScrollArea.Autosize
            mah="70vh"
            type="auto"
            style={{ background: 'var(--app-page-bg)', borderRadius: 8 }}
            p="md"
          >
            <Suspense
              fallback={
                <Center py="xl">
                  <Loader />
                </Center>
              }
            >
              <PdfDocument load={load} title={template.name} />
            </Suspense>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
