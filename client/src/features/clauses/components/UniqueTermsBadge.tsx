import { Badge, Tooltip } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { clauseLabel } from '@shared/clause-attach';
import type { GroupOutlier } from '../api/overview';

/** The tracker's flag on a group holding an agreed wording no other group has; nothing otherwise. */
export function UniqueTermsBadge({ outlier }: { outlier: GroupOutlier | undefined }) {
  if (!outlier?.clauses.length) return null;
  const what = outlier.clauses.map((c) => `${clauseLabel(c) || c.key}: ${c.wording}`).join('; ');
  return (
    <Tooltip label={`Agreed by this group only: ${what}`} multiline maw={360} withArrow>
      <Badge
        variant="light"
        color="orange"
        tt="none"
        leftSection={<IconScale size={12} aria-hidden />}
        data-testid="unique-terms"
        aria-label={`Unique terms. Agreed by this group only: ${what}`}
      >
        Unique terms
      </Badge>
    </Tooltip>
  );
}
