import { Alert, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { GROUP_NAME_MAX } from '@shared/schemas/groups';
import { FormSection } from '@client/components/ui/FormSection';
import { notifySuccess } from '@client/components/ui/notify';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import type { BranchDto } from '@client/lib/api-types';
import { needsConversion } from '@client/lib/document-file';
import { NdaSourceFields, useProjectNda } from '@client/features/projects';
import { SendNdaModal, sentMessage } from '@client/features/sending';
import { useRecipientsForm } from '../hooks/use-recipients-form';
import { useRecipientsSubmit } from '../hooks/use-recipients-submit';
import { GroupSettingsSection } from './GroupSettingsSection';
import { RecipientsFormActions } from './RecipientsFormActions';
import { RecipientsSection } from './RecipientsSection';

interface RecipientsFormProps {
  projectId: number;
  projectName: string;
  /** Editing an existing group (Update) instead of creating one. */
  branch?: BranchDto | null;
}

/**
 * The recipients page (spec 2): a group's name, its recipients (typed rows, or an existing contacts
 * group), its toggles and, when it does not use the project NDA, its own NDA. Send creates the group
 * and opens the send modal; Review and Send creates it and opens the review page; Update saves an edit.
 */
export function RecipientsForm({ projectId, projectName, branch }: RecipientsFormProps) {
  const navigate = useNavigate();
  const editing = !!branch;
  const projectNda = useProjectNda(projectId);
  const form = useRecipientsForm(branch);
  const { run, pending, created, sendOpen, setSendOpen } = useRecipientsSubmit({ form, projectId, branch });

  const values = form.getValues();
  const locked = pending !== null || !!created;
  const ownNda = !values.inheritNdaFromProject && !editing;
  const converting = ownNda && values.ndaMode === 'file' && needsConversion(values.ndaFile);
  const noProjectNda = values.inheritNdaFromProject && projectNda.isSuccess && !projectNda.nda;

  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(editing ? 'update' : 'review');
        }}
        noValidate
      >
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <FormSection
            first
            title="Group"
            description="A group is one party you send the NDA to, a buyer and its advisers for example. Each group negotiates and signs its own copy."
          >
            <TextInput
              label="Group name"
              placeholder="For example, Northwind Capital"
              required
              maxLength={GROUP_NAME_MAX}
              disabled={locked}
              {...form.getInputProps('name')}
            />
          </FormSection>

          <RecipientsSection form={form} editing={editing} disabled={locked} />

          <GroupSettingsSection
            form={form}
            editing={editing}
            ndaSent={!!branch?.nda?.isSent}
            noProjectNda={noProjectNda}
            disabled={locked}
          />

          {ownNda && (
            <FormSection title="Group NDA" description="The NDA this group receives instead of the project NDA.">
              <NdaSourceFields form={form} disabled={locked} />
            </FormSection>
          )}

          {pending && converting && (
            <Stack mt="xl">
              <UploadProgress files={[values.ndaFile]} converting />
            </Stack>
          )}

          {created && (
            <Alert
              mt="xl"
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={18} />}
              title={`Group ${created.name} is created`}
            >
              Send the NDA now, or review it before sending.
            </Alert>
          )}

          <RecipientsFormActions
            projectId={projectId}
            editing={editing}
            pending={pending}
            created={created}
            noProjectNda={noProjectNda}
            onRun={(action) => void run(action)}
            onOpenSend={() => setSendOpen(true)}
          />
          {editing && branch?.nda?.isSent && (
            <Text fz="xs" c="dimmed" ta="right" mt="xs">
              New recipients get the NDA when you send it to them from the tracker.
            </Text>
          )}
        </Paper>
      </form>
      {/* Outside the form: the modal's own submit must not also submit the recipients form. */}
      {created && (
        <SendNdaModal
          opened={sendOpen}
          onClose={() => setSendOpen(false)}
          branchId={created.id}
          defaultSubject={projectName}
          onSent={(result) => {
            notifySuccess(sentMessage(result.sent, created.name));
            navigate(`/projects/${projectId}/group/${created.id}`);
          }}
        />
      )}
    </>
  );
}
