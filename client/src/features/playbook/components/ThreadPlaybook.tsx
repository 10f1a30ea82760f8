import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { normaliseWording } from '@shared/clause-attach';
import { matchPlaybook, type PlaybookEntry, playbookMatchLabel } from '@shared/playbook';

/** The wording a bidder receives with a counter-proposal made from the playbook: no internal label. */
export const PLAYBOOK_REPLY = 'We propose the following wording.';

/**
 * The sending team's playbook for a thread's clause: where the standing wording is against it, the
 * guidance and walk-away note, and one click to counter-propose the preferred wording or a fallback.
 */
export function ThreadPlaybook({
  entry,
  proposal,
  canPropose,
  proposing,
  onPropose,
}: {
  entry: PlaybookEntry;
  proposal: string | null;
  canPropose: boolean;
  proposing: boolean;
  onPropose: (wording: string) => void;
}) {
  const match = proposal ? matchPlaybook(entry, proposal) : null;
  const options = [
    ...(entry.preferred ? [{ label: 'Propose preferred', wording: entry.preferred }] : []),
    ...entry.fallbacks.map((wording, i) => ({ label: `Propose fallback ${i + 1}`, wording })),
    // The wording that already stands is not offered again.
  ].filter((o) => !proposal || normaliseWording(o.wording) !== normaliseWording(proposal));
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      mt="xs"
      bg="var(--mantine-color-violet-0)"
      data-testid="thread-playbook"
      onClick={(e) => e.stopPropagation()}
    >
      <Stack gap={4}>
        <Group gap={6} justify="space-between">
          <Text fz="xs" fw={700}>
            Playbook (internal)
          </Text>
          {match && (
            <Badge
              size="sm"
              tt="none"
              variant="light"
              color={match.kind === 'outside' ? 'orange' : 'teal'}
              data-testid="playbook-match"
            >
              {playbookMatchLabel(match)}
            </Badge>
          )}
        </Group>
        {entry.guidance && (
          <Text fz="xs" style={{ whiteSpace: 'pre-wrap' }} data-testid="playbook-guidance">
            {entry.guidance}
          </Text>
        )}
        {entry.walkAway && (
          <Text fz="xs" c="red.8" style={{ whiteSpace: 'pre-wrap' }} data-testid="playbook-walk-away">
            Walk away: {entry.walkAway}
          </Text>
        )}
        {canPropose && options.length > 0 && (
          <Group gap={4}>
            {options.map((o) => (
              <Button
                key={o.label}
                size="compact-xs"
                variant="light"
                color="violet"
                title={o.wording}
                loading={proposing}
                onClick={() => onPropose(o.wording)}
              >
                {o.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
