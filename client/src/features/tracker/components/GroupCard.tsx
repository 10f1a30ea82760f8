import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDate, formatDateTime } from '@shared/dates';
import { forwardRef, type ReactNode, useState } from 'react';
import { canResend, isOutForSignature } from '@shared/nda-lifecycle';
import { toastError } from '@client/lib/errors';
import type { BranchDto } from '@client/lib/api-types';
import { GroupEngagementLine } from '@client/features/engagement';
import { SendNdaModal } from '@client/features/sending';
import type { GroupEngagementDto } from '@shared/schemas/engagement';
import { useSetColor } from '../api/dashboard';
import { groupBadge } from '../status-labels';
import { ColorTag } from './ColorTag';
import { GroupNdaMenu } from './GroupNdaMenu';
import { OpenThreadsBadge } from './OpenThreadsBadge';
import { RecipientList } from './RecipientList';
import { SignedNdaDownload } from './SignedDownloads';

interface GroupCardProps {
  projectId: number;
  projectName: string;
  branch: BranchDto;
  canChange: boolean;
  selected: boolean;
  /** Flags shown beside the open threads' count (the agreed wordings this group alone holds). */
  flags?: ReactNode;
  /** What the group's bidders read, once loaded. */
  engagement?: GroupEngagementDto;
}

/** One recipient group on the tracker: its tag, its NDA's state, and each recipient with their tag and status. */
export const GroupCard = forwardRef<HTMLDivElement, GroupCardProps>(function GroupCard(
  { projectId, projectName, branch, canChange, selected, flags, engagement },
  ref,
) {
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const setColor = useSetColor(projectId);
  const [sendTo, setSendTo] = useState<{ id: number; name: string } | null>(null);
  const badge = groupBadge(branch);
  const color = (target: 'branch' | 'signership', id: number, c: 'red' | 'yellow' | 'green') =>
    setColor.mutate({ target, id, color: c }, { onError: (err) => void toastError(err) });
  const open = isOutForSignature(branch.nda);
  const count = branch.signerships.length;

  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      data-testid="tracker-group"
      data-selected={selected || undefined}
      style={{
        overflow: 'hidden',
        borderColor: selected ? 'var(--mantine-color-navy-4)' : undefined,
        boxShadow: selected ? '0 0 0 3px var(--mantine-color-navy-0)' : undefined,
      }}
    >
      <Group
        justify="space-between"
        px="md"
        py="sm"
        bg="gray.0"
        gap="xs"
        wrap={compact ? 'wrap' : 'nowrap'}
        style={{ borderBottom: compact ? undefined : '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
          <ColorTag
            value={branch.colorStatus}
            onChange={(c) => color('branch', branch.id, c)}
            subject={`group ${branch.name}`}
            disabled={!canChange}
          />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={650} truncate>
              {branch.name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {count} {count === 1 ? 'recipient' : 'recipients'}
              {branch.nda ? ` · ${branch.nda.name}` : ''}
              {branch.nda?.sentAt ? ` · sent ${formatDate(branch.nda.sentAt)}` : ''}
            </Text>
            {(open || branch.expired) && branch.effectiveNdaDeadline && (
              <Text fz="xs" c={branch.expired ? 'red.8' : 'dimmed'} data-testid="group-deadline">
                {branch.expired ? 'Expired' : 'Due'} {formatDateTime(branch.effectiveNdaDeadline)}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          {flags}
          <OpenThreadsBadge count={branch.unresolvedCommentsCount} />
          <Badge variant="light" color={badge.color} maw="none" data-testid="group-nda-status">
            {badge.label}
          </Badge>
          <SignedNdaDownload projectName={projectName} branch={branch} variant="icon" />
          <GroupNdaMenu projectId={projectId} branch={branch} canChange={canChange} />
        </Group>
      </Group>
      {count === 0 ? (
        <Text fz="sm" c="dimmed" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          No recipients in this group.
        </Text>
      ) : (
        <RecipientList
          signerships={branch.signerships}
          canChange={canChange}
          canResendOne={open}
          compact={compact}
          onColor={(id, c) => color('signership', id, c)}
          onResend={setSendTo}
        />
      )}
      {engagement && branch.nda?.isSent && <GroupEngagementLine figures={engagement} />}
      {canChange && branch.nda && canResend(branch.nda) && (
        <Text fz="xs" c="dimmed" px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          The NDA has not been sent to this group yet: open the menu to review and send it.
        </Text>
      )}
      {sendTo && (
        <SendNdaModal
          opened
          onClose={() => setSendTo(null)}
          branchId={branch.id}
          signer={sendTo}
          defaultSubject={projectName}
        />
      )}
    </Paper>
  );
});
