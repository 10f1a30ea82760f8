import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { PROJECT_SUMMARY_MAX, PROJECT_TITLE_MAX, projectUpdateInput } from '@shared/schemas/projects';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { useUpdateProject } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';

/** Edits the project's title (up to 128 characters on the dashboard) and summary. */
export function ProjectDetailsModal({
  project,
  opened,
  onClose,
}: {
  project: ProjectDto;
  opened: boolean;
  onClose: () => void;
}) {
  const update = useUpdateProject(project.id);
  const form = useForm({
    initialValues: { name: project.name, summary: project.summary },
    validateInputOnBlur: true,
    validate: schemaResolver(projectUpdateInput, { sync: true }),
  });
  useEffect(() => {
    if (opened) form.setValues({ name: project.name, summary: project.summary });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload the values each time the modal opens, not on every render of the form
  }, [opened]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), summary: values.summary.trim() },
      {
        onSuccess: () => {
          notifySuccess('Project details saved.');
          onClose();
        },
        onError: (err) => applyFormErrors(form, err),
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Edit project details"
      size="lg"
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Project title" required maxLength={PROJECT_TITLE_MAX} {...form.getInputProps('name')} />
          <Textarea
            label="Summary"
            autosize
            minRows={4}
            maxRows={10}
            maxLength={PROJECT_SUMMARY_MAX}
            {...form.getInputProps('summary')}
          />
          <FormActions onCancel={onClose} busy={update.isPending} submitLabel="Save" />
        </Stack>
      </form>
    </Modal>
  );
}
