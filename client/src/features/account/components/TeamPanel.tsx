import { ActionIcon, Badge, Box, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { UserAvatar } from '@client/components/ui/UserAvatar';
import type { RouterOutputs } from '@client/lib/router-types';
import { QueryState } from '@client/components/ui/QueryState';
import { trpc } from '@client/lib/trpc';
import { SeatsNotice } from '@client/features/billing';
import { AccountPanel } from './AccountPanel';
import { InviteMemberForm } from './InviteMemberForm';
import { memberName } from './member-name';
import { RemoveMemberModal } from './RemoveMemberModal';

type Member = RouterOutputs['members']['list'][number];

function MemberRow({ member, onRemove }: { member: Member; onRemove: () => void }) {
  const name = memberName(member);
  const registered = Boolean(member.firstName || member.lastName);
  return (
    <Group gap="md" wrap="nowrap" py="sm" data-testid="team-member" aria-label={name}>
      <UserAvatar user={member} size={40} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} truncate>
          {name}
        </Text>
        <Group gap={8} wrap="nowrap" mt={2}>
          <Badge variant="light" color={member.isActive ? 'teal' : 'yellow'} size="sm" style={{ flexShrink: 0 }}>
            {member.isActive ? 'Active' : 'Invited'}
          </Badge>
          {registered && (
            <Text fz="sm" c="dimmed" truncate>
              {member.email}
            </Text>
          )}
        </Group>
      </Box>
      <Box visibleFrom="xs" w={72} ta="right" style={{ flexShrink: 0 }}>
        <Text fw={600} fz="sm" lh={1.2}>
          {member.projectsCount}
        </Text>
        <Text fz="xs" c="dimmed" lh={1.2}>
          {member.projectsCount === 1 ? 'project' : 'projects'}
        </Text>
      </Box>
      <Tooltip label={`Remove ${name}`} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onRemove}
          aria-label={`Remove ${name}`}
          style={{ flexShrink: 0 }}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The owner's team: who is invited or active, on how many projects; invite and remove. */
export function TeamPanel({ companyName }: { companyName: string | null }) {
  const members = trpc.members.list.useQuery();
  const [target, setTarget] = useState<Member | null>(null);
  const [confirming, setConfirming] = useState(false);

  return (
    <AccountPanel
      id="team"
      title="Team management"
      description="Colleagues who work on your company’s projects. An invited colleague becomes active once they register."
    >
      <Stack gap="md">
        <SeatsNotice />
        <InviteMemberForm />
        <QueryState
          query={members}
          errorTitle="The team could not be loaded"
          loading={<Loader size="sm" aria-label="Loading team members" />}
          isEmpty={(list) => list.length === 0}
          empty={
            <Group
              gap="md"
              wrap="nowrap"
              p="md"
              style={{ border: '1px dashed var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <IconUsers size={28} stroke={1.5} color="var(--mantine-color-gray-5)" />
              <Text fz="sm" c="dimmed">
                No team members yet. Invite a colleague by e-mail to let them prepare and send NDAs with you.
              </Text>
            </Group>
          }
        >
          {(list) => (
            <Box component="ul" aria-label="Team members" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((member, i) => (
                <li key={member.id} style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}>
                  <MemberRow
                    member={member}
                    onRemove={() => {
                      setTarget(member);
                      setConfirming(true);
                    }}
                  />
                </li>
              ))}
            </Box>
          )}
        </QueryState>
      </Stack>
      <RemoveMemberModal
        member={target}
        opened={confirming}
        companyName={companyName}
        onClose={() => setConfirming(false)}
      />
    </AccountPanel>
  );
}
