import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatShortDate } from '@shared/dates';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { canSendGroup } from '@shared/nda-lifecycle';
import { useProjectBranches } from '@client/features/groups';
import { OpenThreadsBadge } from './OpenThreadsBadge';
import { groupBadge } from '../status-labels';
import { SignedNdaDownload, SignedNdasZipDownload } from './SignedDownloads';
import type { BranchDto, ProjectDto } from '@client/lib/api-types';
import { QueryState } from '@client/components/ui/QueryState';

/** The words a group is found by: its name, its NDA's name, and each recipient's name, e-mail and company. */
function searchText(branch: BranchDto): string {
  const people = branch.signerships.map(
    (s) => `${s.signer.firstName} ${s.signer.lastName} ${s.signer.email} ${s.signer.company.name}`,
  );
  return [branch.name, branch.nda?.name ?? '', ...people].join(' ').toLowerCase();
}

/** Every group's NDA in one list, looked up by group, NDA or recipient; each row opens its NDA or sends it. */
export function NdaLookup({ project, canChange }: { project: ProjectDto; canChange: boolean }) {
  const branches = useProjectBranches(project.id);
  const [text, setText] = useState('');
  const [needle] = useDebouncedValue(text.trim().toLowerCase(), 300);
  const all = useMemo(() => branches.data?.results ?? [], [branches.data]);
  const found = useMemo(() => (needle ? all.filter((b) => searchText(b).includes(needle)) : all), [all, needle]);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <TextInput
          placeholder="Look up by group, NDA, recipient or company..."
          aria-label="Look up an NDA"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maw={460}
          style={{ flex: '1 1 260px' }}
        />
        {project.access !== 'signer' && all.some((b) => b.nda?.isSigned) && <SignedNdasZipDownload project={project} />}
      </Group>
      <QueryState
        query={branches}
        errorTitle="The groups could not be loaded"
        loading={<Text c="dimmed">Loading the groups…</Text>}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg" data-testid="lookup-empty">
            <Text>This project has no recipient groups yet.</Text>
            {canChange && (
              <Button component={Link} to={`/projects/${project.id}/group/create`} mt="sm" size="sm">
                Send the info to new Recipients
              </Button>
            )}
          </Paper>
        }
      >
        {() =>
          found.length === 0 ? (
            <Text c="dimmed" data-testid="lookup-no-match">
              No NDA matches “{text.trim()}”.
            </Text>
          ) : (
            <Stack gap="sm">
              {found.map((branch) => (
                <NdaLookupRow key={branch.id} project={project} branch={branch} canChange={canChange} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

function NdaLookupRow({ project, branch, canChange }: { project: ProjectDto; branch: BranchDto; canChange: boolean }) {
  const nda = branch.nda;
  const badge = groupBadge(branch);
  const base = `/projects/${project.id}/group/${branch.id}`;
  const sendable = canSendGroup(branch);
  const recipients = branch.signerships.map(
    (s) => s.signer.company.name || `${s.signer.firstName} ${s.signer.lastName}`.trim() || s.signer.email,
  );
  const source = nda
    ? nda.name
    : branch.inheritNdaFromProject
      ? 'Receives the project NDA when sent'
      : 'No NDA of its own yet';

  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="lookup-row">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Text fw={650} truncate>
            {branch.name}
          </Text>
          <Text fz="sm" truncate title={source}>
            {source}
            {nda?.sentAt ? ` · sent ${formatShortDate(nda.sentAt)}` : ''}
          </Text>
          <Text fz="xs" c="dimmed" truncate>
            {recipients.length === 0 ? 'No recipients' : recipients.join(', ')}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <OpenThreadsBadge count={branch.unresolvedCommentsCount} />
          <Badge variant="light" color={badge.color} data-testid="lookup-status">
            {badge.label}
          </Badge>
          <SignedNdaDownload projectName={project.name} branch={branch} variant="button" />
          {nda && (
            <Button size="xs" variant="light" component={Link} to={`${base}/nda`}>
              Open NDA
            </Button>
          )}
          {canChange && (sendable || !nda) && (
            <Button size="xs" variant="subtle" component={Link} to={`${base}/review-nda`}>
              {nda || branch.inheritNdaFromProject ? 'Review and send' : 'Choose an NDA'}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
