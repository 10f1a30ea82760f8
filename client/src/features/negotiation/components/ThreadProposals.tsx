import { Box, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@shared/dates';
import type { ThreadProposal } from '../types';
import classes from './ThreadCard.module.css';

/**
 * The wording that stands, then the earlier proposals, newest first. A thread both sides rejected
 * changes nothing: its last wording shows as rejected, not as a proposal still on the table.
 */
export function ThreadProposals({ proposals, rejected }: { proposals: ThreadProposal[]; rejected: boolean }) {
  const current = proposals.at(-1);
  const earlier = proposals.slice(0, -1).reverse();
  if (!current) return null;
  return (
    <Stack gap={4} mt="xs">
      <Box className={rejected ? classes.earlier : classes.proposal} data-testid="thread-proposal">
        <Text fz="xs" fw={700} c={rejected ? 'dimmed' : 'teal.9'}>
          {rejected ? 'Rejected wording' : 'Proposed wording'} · {current.author} · {formatDateTime(current.created)}
        </Text>
        <Text
          fz="sm"
          td={rejected ? 'line-through' : undefined}
          c={rejected ? 'dimmed' : undefined}
          className={classes.text}
          data-testid="proposal-text"
        >
          {current.text}
        </Text>
      </Box>
      {earlier.length > 0 && (
        <Box component="details" data-testid="proposal-history" onClick={(e) => e.stopPropagation()}>
          <Text component="summary" fz="xs" c="dimmed" style={{ cursor: 'pointer' }}>
            {earlier.length === 1 ? '1 earlier proposal' : `${earlier.length} earlier proposals`}
          </Text>
          <Stack gap={4} mt={4}>
            {earlier.map((p) => (
              <Box key={`${p.created}-${p.authorId}`} className={classes.earlier} data-testid="earlier-proposal">
                <Text fz="xs" c="dimmed">
                  {p.author} · {formatDateTime(p.created)}
                </Text>
                <Text fz="sm" td="line-through" c="dimmed" className={classes.text}>
                  {p.text}
                </Text>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
