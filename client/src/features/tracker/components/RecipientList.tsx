import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { formatDateTime } from '@shared/dates';
import type { ColorStatus } from '@shared/colors';
import type { SignershipDto } from '@client/lib/api-types';
import { recipientStatus, recipientStatusColor } from '../status-labels';
import { ColorTag } from './ColorTag';

export function fullName(s: SignershipDto['signer']): string {
  return `${s.firstName} ${s.lastName}`.trim() || s.email;
}

interface RecipientListProps {
  signerships: SignershipDto[];
  canChange: boolean;
  /** The NDA is out and open: each recipient can be sent it again. */
  canResendOne: boolean;
  compact: boolean;
  onColor: (signershipId: number, color: ColorStatus) => void;
  onResend: (signer: { id: number; name: string }) => void;
}

function StatusBadge({ s }: { s: SignershipDto }) {
  return (
    <Badge
      variant="dot"
      color={recipientStatusColor(s)}
      tt="none"
      fw={500}
      maw="none"
      style={{ whiteSpace: 'nowrap' }}
      data-testid="recipient-status"
    >
      {recipientStatus(s)}
    </Badge>
  );
}

/** Why the recipient passed, in their words, under their status. */
function PassReason({ s }: { s: SignershipDto }) {
  if (!s.rejected || !s.rejectionReason) return null;
  return (
    <Text fz="xs" c="dimmed" maw={360} style={{ whiteSpace: 'pre-wrap' }} data-testid="pass-reason">
      Reason: {s.rejectionReason}
    </Text>
  );
}

/** The recipients of a group: a table on wide screens, a list of rows on phones. */
export function RecipientList({
  signerships,
  canChange,
  canResendOne,
  compact,
  onColor,
  onResend,
}: RecipientListProps) {
  const resend = (s: SignershipDto) =>
    canChange && canResendOne && !s.signed && !s.rejected ? (
      <Tooltip label="Send the NDA again to this recipient">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Send the NDA again to ${fullName(s.signer)}`}
          onClick={() => onResend({ id: s.signer.id, name: fullName(s.signer) })}
        >
          <IconMail size={18} />
        </ActionIcon>
      </Tooltip>
    ) : null;

  if (compact) {
    return (
      <Stack gap={0}>
        {signerships.map((s) => (
          <Group
            key={s.id}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            px="md"
            py="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="tracker-recipient"
          >
            <ColorTag
              value={s.colorStatus}
              onChange={(c) => onColor(s.id, c)}
              subject={fullName(s.signer)}
              disabled={!canChange}
            />
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Text fz="sm" fw={600} truncate>
                {fullName(s.signer)}
              </Text>
              <Text fz="xs" c="dimmed" truncate>
                {s.signer.email}
              </Text>
              {s.signer.company.name && (
                <Text fz="xs" c="dimmed" truncate>
                  {s.signer.company.name}
                </Text>
              )}
              <Group gap="xs">
                <StatusBadge s={s} />
                {s.lastEvent && (
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(s.lastEvent.created)}
                  </Text>
                )}
              </Group>
              <PassReason s={s} />
            </Stack>
            {resend(s)}
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={44} aria-label="Tag" />
          <Table.Th>Recipient</Table.Th>
          <Table.Th>Company</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th style={{ whiteSpace: 'nowrap' }}>Last activity</Table.Th>
          <Table.Th w={48} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {signerships.map((s) => (
          <Table.Tr key={s.id} data-testid="tracker-recipient">
            <Table.Td>
              <ColorTag
                value={s.colorStatus}
                onChange={(c) => onColor(s.id, c)}
                subject={fullName(s.signer)}
                disabled={!canChange}
              />
            </Table.Td>
            <Table.Td>
              <Text fz="sm" fw={600}>
                {fullName(s.signer)}
              </Text>
              <Text fz="xs" c="dimmed">
                {s.signer.email}
                {!s.signer.isRegistered && ' · not registered yet'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{s.signer.company.name || '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <StatusBadge s={s} />
                <PassReason s={s} />
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text fz="sm" c="dimmed">
                {s.lastEvent ? formatDateTime(s.lastEvent.created) : '—'}
              </Text>
            </Table.Td>
            <Table.Td>{resend(s)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
