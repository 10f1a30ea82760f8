import { Fieldset, Modal, Radio, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  type Countersignature,
  DISCLOSING_PARTY_ADDRESS_MAX,
  DISCLOSING_PARTY_NAME_MAX,
  PROJECT_SUMMARY_MAX,
  PROJECT_TITLE_MAX,
  projectUpdateInput,
  type ReleaseDocumentsOn,
} from '@shared/schemas/projects';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { useUpdateProject } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { fromLocalInput, toLocalInput } from '@client/lib/deadline-input';
import { ApprovalFields } from './ApprovalFields';
import { TimetableFields } from './TimetableFields';

const valuesOf = (project: ProjectDto) => ({
  name: project.name,
  summary: project.summary,
  disclosingPartyName: project.disclosingPartyName,
  disclosingPartyAddress: project.disclosingPartyAddress,
  signsAsAgent: project.signsAsAgent,
  countersignature: project.countersignature,
  releaseDocumentsOn: project.releaseDocumentsOn,
  ndaDeadlineLocal: toLocalInput(project.ndaDeadline),
  remindersEnabled: project.reminders.enabled,
  firstAfterDays: project.reminders.firstAfterDays,
  everyDays: project.reminders.everyDays,
  proposalApproval: project.proposalApproval ?? false,
  approvers: (project.approvers ?? []).map(String),
});

/**
 * Edits the project's title (up to 128 characters on the dashboard) and summary, and how its NDAs are
 * signed: the disclosing party it acts for, whether the team signs as its agent, how the sending side
 * countersigns and when the CIM unlocks, and its timetable: the NDA deadline and reminders.
 */
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
    initialValues: valuesOf(project),
    validateInputOnBlur: true,
    validate: schemaResolver(projectUpdateInput, { sync: true }),
  });
  useEffect(() => {
    if (opened) form.setValues(valuesOf(project));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload the values each time the modal opens, not on every render of the form
  }, [opened]);

  const submit = form.onSubmit(({ ndaDeadlineLocal, remindersEnabled, firstAfterDays, everyDays, ...values }) =>
    update.mutate(
      {
        ...values,
        ndaDeadline: fromLocalInput(ndaDeadlineLocal),
        reminders: { enabled: remindersEnabled, firstAfterDays, everyDays },
        name: values.name.trim(),
        summary: values.summary.trim(),
        disclosingPartyName: values.disclosingPartyName.trim(),
        disclosingPartyAddress: values.disclosingPartyAddress.trim(),
        approvers: values.approvers.map(Number),
      },
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
          <Fieldset legend="Signing" variant="filled">
            <Stack gap="sm">
              <TextInput
                label="Disclosing party"
                description="The seller or client this project acts for, by its legal name. Leave empty when your company discloses in its own name."
                maxLength={DISCLOSING_PARTY_NAME_MAX}
                {...form.getInputProps('disclosingPartyName')}
              />
              <Textarea
                label="Disclosing party’s address"
                description="Used in address fields and for notices."
                autosize
                minRows={2}
                maxRows={4}
                maxLength={DISCLOSING_PARTY_ADDRESS_MAX}
                {...form.getInputProps('disclosingPartyAddress')}
              />
              <Switch
                label="Our company signs as the disclosing party’s agent"
                disabled={!form.getValues().disclosingPartyName.trim()}
                {...form.getInputProps('signsAsAgent', { type: 'checkbox' })}
              />
              <Radio.Group
                label="How our side signs"
                {...form.getInputProps('countersignature')}
                onChange={(v) => form.setFieldValue('countersignature', v as Countersignature)}
              >
                <Stack gap={6} mt={6}>
                  <Radio value="automatic" label="Automatically: the owner’s saved signature, when the bidder signs" />
                  <Radio value="manual" label="By an authorised signatory, who countersigns after the bidder" />
                </Stack>
              </Radio.Group>
              <Select
                label="Unlock the CIM"
                data={[
                  { value: 'executed', label: 'Once the NDA is executed' },
                  { value: 'recipient_signed', label: 'On the bidder’s signature' },
                ]}
                allowDeselect={false}
                {...form.getInputProps('releaseDocumentsOn')}
                onChange={(v) => v && form.setFieldValue('releaseDocumentsOn', v as ReleaseDocumentsOn)}
              />
            </Stack>
          </Fieldset>
          <ApprovalFields form={form} project={project} />
          <TimetableFields form={form} />
          <FormActions onCancel={onClose} busy={update.isPending} submitLabel="Save" />
        </Stack>
      </form>
    </Modal>
  );
}
