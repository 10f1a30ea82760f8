import { Alert, Avatar, Button, Grid, Group, Modal, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canResend } from '@shared/nda-lifecycle';
import { SENDING_MESSAGES } from '@shared/schemas/sending';
import { applyFormErrors } from '@client/lib/errors';
import { useGroupNda, useProjectNda } from '@client/features/projects';
import type { BranchDto } from '@client/lib/api-types';
import { type SendResult, useSendNda } from '../api/sending';
import { useCloseAfter } from '../hooks/use-close-after';
import { ModifyNdaPanel } from './ModifyNdaPanel';
import { SendButton } from './SendButton';
import { SendFields } from './SendFields';
import { SentConfirmation, sentMessage } from './SentConfirmation';
import { SignaturePlacementNote } from './SignaturePlacementNote';
import { notifySuccess } from '@client/components/ui/notify';
import { type SendValues, useSendForm } from './use-send-form';

function initials(first: string, last: string, email: string) {
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || email.charAt(0).toUpperCase();
}

/** Review and send NDA (spec 2): subject, note, the NDA the group receives, then Send. */
export function ReviewSendForm({
  projectId,
  projectName,
  branch,
}: {
  projectId: number;
  projectName: string;
  branch: BranchDto;
}) {
  const navigate = useNavigate();
  const form = useSendForm({ subject: projectName });
  const send = useSendNda();
  const groupNda = useGroupNda(branch.id);
  const projectNda = useProjectNda(projectId);
  const [result, setResult] = useState<SendResult | null>(null);
  const inflight = useRef(false);
  const back = `/projects/${projectId}/group/${branch.id}`;
  const nda = groupNda.nda ?? (branch.inheritNdaFromProject ? projectNda.nda : null);
  // The group is sent its NDA once (the spec's resend rule); the result screen is not "closed".
  const closed = !!groupNda.nda && !result && !canResend(groupNda.nda);

  const done = useCallback(() => {
    if (result) notifySuccess(sentMessage(result.sent, branch.name));
    navigate(back);
  }, [navigate, back, result, branch.name]);
  useCloseAfter(result !== null, done);

  const sendNow = async (values: SendValues) => {
    if (inflight.current || result) return; // Send while sending is ignored
    inflight.current = true;
    try {
      setResult(
        await send.mutateAsync({ branchId: branch.id, subject: values.subject.trim(), note: values.note.trim() }),
      );
    } catch (err) {
      applyFormErrors(form, err, { projectBranch: 'subject' });
    } finally {
      inflight.current = false;
    }
  };
  const submit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit(sendNow)(event);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="lg">
              <Stack gap={6}>
                <Text fz="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.05em' }}>
                  To {branch.name}
                </Text>
                <Group gap="xs">
                  {branch.signerships.map((s) => (
                    <Tooltip key={s.id} label={s.signer.email} withArrow>
                      <Group
                        gap={6}
                        px={8}
                        py={4}
                        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 999 }}
                        wrap="nowrap"
                      >
                        <Avatar size={20} radius="xl" color="navy">
                          {initials(s.signer.firstName, s.signer.lastName, s.signer.email)}
                        </Avatar>
                        <Text fz="sm">{`${s.signer.firstName} ${s.signer.lastName}`.trim() || s.signer.email}</Text>
                      </Group>
                    </Tooltip>
                  ))}
                  {branch.signerships.length === 0 && (
                    <Text fz="sm" c="dimmed">
                      This group has no recipients.
                    </Text>
                  )}
                </Group>
              </Stack>
              <SendFields form={form} disabled={send.isPending || !!result} />
              {nda && !closed && (
                <SignaturePlacementNote
                  ndaId={nda.id}
                  ndaPage={`${back}/nda`}
                  projectFieldsPage={branch.inheritNdaFromProject ? `/projects/${projectId}/nda/fields` : undefined}
                />
              )}
              {closed && (
                <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
                  {groupNda.nda!.isSigned
                    ? 'This NDA is signed: there is nothing more to send.'
                    : groupNda.nda!.isRecalled
                      ? 'This NDA is recalled. Restore it from the tracker or give the group a new NDA before sending.'
                      : SENDING_MESSAGES.alreadySent}
                </Alert>
              )}
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} />}
                  onClick={() => navigate(back)}
                  disabled={send.isPending}
                >
                  Back
                </Button>
                <SendButton pending={send.isPending} disabled={!nda || closed || branch.signerships.length === 0} />
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ModifyNdaPanel
          branchId={branch.id}
          groupNda={groupNda.nda}
          projectNda={projectNda.nda}
          inherits={branch.inheritNdaFromProject}
        />
      </Grid.Col>
      <Modal opened={result !== null} onClose={done} withCloseButton={false} centered>
        {result && <SentConfirmation count={result.sent} />}
      </Modal>
    </Grid>
  );
}
