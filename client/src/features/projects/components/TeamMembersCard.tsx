import { Avatar, Button, Card, Group, Modal, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconUsersPlus } from '@tabler/icons-react';
import { projectMembersFormSchema } from '@shared/schemas/projects';
import { notifySuccess } from '@client/components/ui/notify';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { applyFormErrors } from '@client/lib/errors';
import { useUpdateProject } from '../api/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { MemberPicker } from './MemberPicker';

function initials(name: string): string {
  const [a = '', b = ''] = name.trim().split(/\s+/);
  return `${a.charAt(0)}${b.charAt(0)}`.toUpperCase() || '?';
}

/** 'Add Team Members': who works on the project; the user's own account and the creator stay on it. */
export function TeamMembersCard({ project, canChange }: { project: ProjectDto; canChange: boolean }) {
  const me = useSession()?.user;
  const members = trpc.members.list.useQuery();
  const update = useUpdateProject(project.id);
  const [opened, modal] = useDisclosure(false);
  const form = useForm<{ members: string[] }>({
    mode: 'controlled',
    initialValues: { members: [] },
    validate: schemaResolver(projectMembersFormSchema, { sync: true }),
  });

  const nameOf = (id: number): string => {
    if (id === me?.id) return `${me.firstName} ${me.lastName}`.trim() || me.email;
    const m = members.data?.find((x) => x.id === id);
    if (m) return `${m.firstName} ${m.lastName}`.trim() || m.email;
    return id === project.user ? 'Account owner' : 'Team member';
  };
  const locked = [project.user, ...(me ? [me.id] : [])];
  // The picker lists team members; the owner (not a team member) stays on the project without being listed.
  const memberIds = new Set((members.data ?? []).map((m) => m.id));

  const open = () => {
    form.setValues({ members: project.members.filter((id) => memberIds.has(id)).map(String) });
    form.clearErrors();
    modal.open();
  };

  const save = form.onSubmit(({ members: picked }) => {
    const kept = project.members.filter((id) => !memberIds.has(id));
    update.mutate(
      { members: [...new Set([...kept, ...picked.map(Number)])] },
      {
        onSuccess: () => {
          modal.close();
          notifySuccess('The project team is saved.');
        },
        onError: (err) => applyFormErrors(form, err),
      },
    );
  });

  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid="team-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconUsersPlus size={22} />
          </ThemeIcon>
          <Title order={2} fz="md">
            Add Team Members
          </Title>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Avatar.Group spacing="sm">
            {project.members.slice(0, 4).map((id) => (
              <Tooltip key={id} label={nameOf(id)} withArrow>
                <Avatar radius="xl" color="navy" size={32}>
                  {initials(nameOf(id))}
                </Avatar>
              </Tooltip>
            ))}
            {project.members.length > 4 && (
              <Avatar radius="xl" size={32}>
                +{project.members.length - 4}
              </Avatar>
            )}
          </Avatar.Group>
          <Text fz="xs" c="dimmed">
            {project.members.length} {project.members.length === 1 ? 'person' : 'people'} on this project
          </Text>
        </Group>
        <Group mt="auto" pt="xs">
          <Tooltip label="You cannot change this project" disabled={canChange}>
            <Button size="xs" variant="light" onClick={open} disabled={!canChange}>
              Manage team
            </Button>
          </Tooltip>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={modal.close}
        title="Team members of the project"
        styles={{ title: { fontWeight: 650, fontSize: 18 } }}
      >
        <form onSubmit={save} noValidate>
          <Stack gap="md">
            <Stack gap={6}>
              <Text fz="sm" fw={600}>
                Always on the project
              </Text>
              {[...new Set(locked)].map((id) => (
                <Group key={id} gap="sm">
                  <Avatar radius="xl" color="navy" size={28}>
                    {initials(nameOf(id))}
                  </Avatar>
                  <Text fz="sm">
                    {nameOf(id)}
                    <Text span c="dimmed" fz="xs">
                      {id === me?.id ? ' · you' : ''}
                      {id === project.user ? ' · created the project' : ''}
                    </Text>
                  </Text>
                </Group>
              ))}
            </Stack>
            <MemberPicker
              value={form.getValues().members}
              onChange={(members) => form.setFieldValue('members', members)}
              locked={locked}
              error={form.errors.members as string | undefined}
              label="Team members"
            />
            <FormActions onCancel={modal.close} busy={update.isPending} submitLabel="Save" />
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
