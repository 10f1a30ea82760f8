import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Viewer } from '../types';

/** Up to this many people show as avatars; the rest as '+N'. */
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

/** The people who have the NDA open besides the user, each with the page they are on. */
export function PresenceAvatars({ viewers }: { viewers: Viewer[] }) {
  if (viewers.length === 0) return null;
  const shown = viewers.slice(0, MAX_AVATARS);
  const rest = viewers.slice(MAX_AVATARS);
  return (
    <Group gap={10} wrap="nowrap" aria-label="People viewing this NDA" role="group" data-testid="presence">
      {shown.map((viewer) => (
        <Tooltip key={viewer.userId} label={`${viewer.name} · page ${viewer.page}`} withArrow>
          <div
            style={{ position: 'relative' }}
            data-testid="presence-viewer"
            aria-label={`${viewer.name}, on page ${viewer.page}`}
          >
            <Avatar
              radius="xl"
              size={36}
              color={COLORS[viewer.userId % COLORS.length]}
              variant="filled"
              style={{ border: '2px solid white', boxShadow: '0 0 0 1px var(--mantine-color-gray-3)' }}
            >
              {initials(viewer.name)}
            </Avatar>
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
              p{viewer.page}
            </Text>
          </div>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip
          withArrow
          label={
            <Stack gap={0}>
              {rest.map((viewer) => (
                <Text key={viewer.userId} fz="xs">
                  {viewer.name} · page {viewer.page}
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
            aria-label={`${rest.length} more viewing`}
          >
            +{rest.length}
          </Avatar>
        </Tooltip>
      )}
    </Group>
  );
}
