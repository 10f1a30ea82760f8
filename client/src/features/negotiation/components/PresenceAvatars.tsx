import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import { UserAvatar } from '@client/components/ui/UserAvatar';
import type { TeamMember, Viewer } from '../types';

/** Up to this many people show as avatars; the rest as '+N' (spec 2: avatars of up to 3 members). */
export const MAX_AVATARS = 3;

const COLORS = ['navy', 'teal', 'grape', 'orange', 'cyan', 'pink', 'indigo', 'lime'];

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (
      (parts[0]?.charAt(0) ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.charAt(0) ?? '') : '')
    ).toUpperCase() || '?'
  );
}

/** A person of the header: a member of the project's team, someone with the NDA open, or both. */
interface Person {
  userId: number;
  name: string;
  member: TeamMember | null;
  /** The page they are on, when they have the NDA open now. */
  page: number | null;
  me: boolean;
}

const nameOf = (m: TeamMember) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/** The present first (so who is here always shows), then the rest of the team in its order. */
export function peopleOf(team: TeamMember[], viewers: Viewer[], meId: number): Person[] {
  const byId = new Map(team.map((m) => [m.id, m]));
  const present: Person[] = viewers.map((v) => ({
    userId: v.userId,
    name: v.name,
    member: byId.get(v.userId) ?? null,
    page: v.page,
    me: false,
  }));
  const here = new Set(viewers.map((v) => v.userId));
  const away: Person[] = team
    .filter((m) => !here.has(m.id))
    .map((m) => ({ userId: m.id, name: nameOf(m), member: m, page: null, me: m.id === meId }));
  return [...present, ...away];
}

function describe(person: Person): string {
  if (person.page !== null) return `${person.name}, on page ${person.page}`;
  return person.me ? `${person.name} (you), project member` : `${person.name}, project member`;
}

function PersonAvatar({ person }: { person: Person }) {
  const present = person.page !== null;
  const style = {
    border: '2px solid white',
    boxShadow: present ? '0 0 0 2px var(--mantine-color-teal-6)' : '0 0 0 1px var(--mantine-color-gray-3)',
  };
  return (
    <Tooltip label={present ? `${person.name} · here, page ${person.page}` : describe(person)} withArrow>
      <div
        style={{ position: 'relative' }}
        data-testid={present ? 'presence-viewer' : 'team-member'}
        aria-label={describe(person)}
        role="img"
      >
        {person.member ? (
          <UserAvatar user={person.member} size={36} style={style} />
        ) : (
          // Light, not filled: white initials on some of these colours fall below 4.5:1; the theme's
          // light variants all read at AA.
          <Avatar radius="xl" size={36} color={COLORS[person.userId % COLORS.length]} variant="light" style={style}>
            {initials(person.name)}
          </Avatar>
        )}
        {present && (
          <Text
            component="span"
            fz={10}
            fw={700}
            c="white"
            bg="dark.6"
            px={4}
            style={{
              position: 'absolute',
              right: -4,
              bottom: -4,
              borderRadius: 8,
              lineHeight: '14px',
              border: '1.5px solid white',
            }}
            aria-hidden
          >
            p{person.page}
          </Text>
        )}
      </div>
    </Tooltip>
  );
}

/**
 * The header's people: the project's team (up to three avatars, then '+N') and who has the NDA open
 * now, marked with the page they are on.
 */
export function PresenceAvatars({ team, viewers, meId }: { team: TeamMember[]; viewers: Viewer[]; meId: number }) {
  const people = peopleOf(team, viewers, meId);
  if (people.length === 0) return null;
  const shown = people.slice(0, MAX_AVATARS);
  const rest = people.slice(MAX_AVATARS);
  return (
    <Group gap={10} wrap="nowrap" aria-label="People on this NDA" role="group" data-testid="presence">
      {shown.map((person) => (
        <PersonAvatar key={person.userId} person={person} />
      ))}
      {rest.length > 0 && (
        <Tooltip
          withArrow
          label={
            <Stack gap={0}>
              {rest.map((person) => (
                <Text key={person.userId} fz="xs">
                  {person.page !== null ? `${person.name} · page ${person.page}` : person.name}
                </Text>
              ))}
            </Stack>
          }
        >
          <Avatar
            radius="xl"
            size={36}
            color="gray"
            variant="filled"
            style={{ border: '2px solid white' }}
            aria-label={`${rest.length} more`}
            data-testid="people-more"
          >
            +{rest.length}
          </Avatar>
        </Tooltip>
      )}
    </Group>
  );
}
