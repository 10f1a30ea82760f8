import { Anchor, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { hasRoom } from '@shared/billing';
import { trpc } from '@client/lib/trpc';
import { seatPath, seatsText, useSubscription } from '@client/features/billing';
import { AccountPanel } from './AccountPanel';

interface Step {
  done: boolean;
  label: string;
  hint: string;
  action: { label: string; to: string };
}

/** A step's link: beside the step on wide screens, under it on phones. */
function StepAction({ action, ...visibility }: { action: Step['action']; visibleFrom?: 'sm'; hiddenFrom?: 'sm' }) {
  const style = { whiteSpace: 'nowrap' } as const;
  if (action.to.startsWith('#')) {
    return (
      <Anchor href={action.to} fz="sm" fw={600} style={style} {...visibility}>
        {action.label}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={action.to} fz="sm" fw={600} style={style} {...visibility}>
      {action.label}
    </Anchor>
  );
}

/**
 * The owner's first steps, from what the company has actually done. Hidden when the server refuses it
 * (403 for anyone but an owner) and once every step is done.
 */
export function OnboardingChecklist() {
  const onboarding = trpc.account.onboarding.useQuery(undefined, { retry: false });
  const subscription = useSubscription();
  if (!onboarding.data) return null;
  const sub = subscription.data;
  // Inviting needs a free seat: with none, the step leads to the plan page, where one is bought.
  const seatFree = !sub || hasRoom(sub.memberAllowed, sub.membersUsed);
  const { isProjectsCreated, isMembersInvited, isNdaUploaded } = onboarding.data;
  const steps: Step[] = [
    {
      done: isProjectsCreated,
      label: 'Create your first project',
      hint: 'One project per deal keeps its NDAs, buyers and files together.',
      action: { label: 'Create a project', to: '/projects' },
    },
    {
      done: isMembersInvited,
      label: 'Add team members',
      hint: `Colleagues prepare and send NDAs with you. ${sub ? seatsText(sub) : ''}`.trim(),
      action: seatFree
        ? { label: 'Invite below', to: '#team' }
        : { label: 'Get a seat', to: sub ? seatPath(sub) : '/plan' },
    },
    {
      done: isNdaUploaded,
      label: 'Upload an NDA',
      hint: 'Upload your NDA as PDF, DOC, DOCX or ODT, or start from a template.',
      action: { label: 'Upload', to: '/projects' },
    },
  ];
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;

  return (
    <AccountPanel id="onboarding" title="Get started" description={`${done} of ${steps.length} steps done`}>
      <Progress value={(done / steps.length) * 100} size="sm" radius="xl" mb="md" aria-label="Onboarding progress" />
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Onboarding checklist">
        {steps.map((step, i) => (
          <Group
            key={step.label}
            component="li"
            wrap="nowrap"
            align="flex-start"
            gap="md"
            aria-label={`${step.label}: ${step.done ? 'done' : 'to do'}`}
          >
            <ThemeIcon
              size={28}
              radius="xl"
              variant={step.done ? 'filled' : 'light'}
              color={step.done ? 'teal' : 'gray'}
            >
              {step.done ? (
                <IconCheck size={16} />
              ) : (
                <Text fz="sm" fw={700}>
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} td={step.done ? 'line-through' : undefined} c={step.done ? 'dimmed' : undefined}>
                {step.label}
              </Text>
              <Text fz="sm" c="dimmed">
                {step.hint}
              </Text>
              {!step.done && <StepAction action={step.action} hiddenFrom="sm" />}
            </Stack>
            {!step.done && <StepAction action={step.action} visibleFrom="sm" />}
          </Group>
        ))}
      </Stack>
    </AccountPanel>
  );
}
