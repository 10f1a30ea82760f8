import { Paper, Text } from '@mantine/core';
import type { InvitationCheck, InvitationKind } from '../api/invitation';

function personName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/** "Ada Adviser of Harbour Advisory LLP invited you to review and sign Mutual NDA for Project Atlas." */
export function InvitationSummary({ kind, check }: { kind: InvitationKind; check: InvitationCheck }) {
  const by = check.invitedBy;
  const who = by ? personName(by) || by.company?.name || 'Someone' : 'Someone';
  const company = by?.company?.name;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)" data-testid="invitation-summary">
      <Text fz="sm">
        <Text span inherit fw={600}>
          {who}
        </Text>
        {kind === 'signer' && company && who !== company && (
          <>
            {' of '}
            <Text span inherit fw={600}>
              {company}
            </Text>
          </>
        )}
        {kind === 'member' ? (
          <> invited you to join their team{company ? <> at {company}</> : null}.</>
        ) : check.project ? (
          <>
            {' invited you to review and sign '}
            {check.nda ? (
              <Text span inherit fw={600}>
                {check.nda.name}
              </Text>
            ) : (
              'an NDA'
            )}
            {' for '}
            <Text span inherit fw={600}>
              {check.project.name}
            </Text>
            .
          </>
        ) : (
          ' invited you to review and sign an NDA.'
        )}
      </Text>
    </Paper>
  );
}
