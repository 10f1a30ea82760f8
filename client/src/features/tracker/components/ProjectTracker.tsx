import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconFileUpload,
  IconListDetails,
  IconMessages,
  IconSearch,
  IconSend,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ListSkeleton, QueryState } from '@client/components/ui/QueryState';
import { useProjectEngagement } from '@client/features/engagement';
import { useDashboard } from '../api/dashboard';
import { BuyersListModal } from './BuyersListModal';
import { GroupCard } from './GroupCard';
import { SignedNdasZipDownload } from './SignedDownloads';

interface ProjectTrackerProps {
  projectId: number;
  projectName: string;
  /** The group chosen in the address (/projects/:id/group/:branchId). */
  selectedBranchId: number | null;
  canChange: boolean;
  canAddGroup: boolean;
  /** What else a group's header shows, by group id (the clause view's flags). */
  groupFlags?: (branchId: number) => ReactNode;
}

/** The Project Tracker: every group with its NDA and recipients, nine groups at a time. */
export function ProjectTracker({
  projectId,
  projectName,
  selectedBranchId,
  canChange,
  canAddGroup,
  groupFlags,
}: ProjectTrackerProps) {
  const [pages, setPages] = useState(1);
  const dashboard = useDashboard(projectId, pages);
  const engagement = useProjectEngagement(projectId);
  const engagementOf = (branchId: number) => engagement.data?.results.find((g) => g.projectBranch === branchId);
  const [buyersOpened, buyers] = useDisclosure(false);
  const selectedRef = useRef<HTMLDivElement>(null);
  const branches = dashboard.data?.results ?? [];
  const total = dashboard.data?.count ?? 0;
  const selectedLoaded = branches.some((b) => b.id === selectedBranchId);

  const settled = dashboard.isSuccess && !dashboard.isPlaceholderData;
  const selectedBeyond = selectedBranchId !== null && settled && !selectedLoaded && total > branches.length;

  // A group chosen in the address but not among the groups loaded: load more, twice as many each time, until it is
  // (adjusted while rendering, once per number of groups loaded).
  const [grownFrom, setGrownFrom] = useState<number | null>(null);
  if (selectedBeyond && grownFrom !== branches.length) {
    setGrownFrom(branches.length);
    setPages((p) => p * 2);
  }

  useEffect(() => {
    if (selectedLoaded) selectedRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [selectedLoaded, selectedBranchId]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md">
            <IconListDetails size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Title order={2} fz="lg">
              Project Tracker
            </Title>
            <Text fz="sm" c="dimmed">
              {dashboard.isSuccess
                ? `${total} ${total === 1 ? 'group' : 'groups'} of recipients`
                : 'Groups of recipients and where each one stands'}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            variant="subtle"
            component={Link}
            to={`/projects/${projectId}/negotiation`}
            leftSection={<IconMessages size={16} />}
          >
            Clauses across groups
          </Button>
          <Button
            variant="subtle"
            component={Link}
            to={`/projects/${projectId}/lookup-nda`}
            leftSection={<IconSearch size={16} />}
          >
            Look up an NDA
          </Button>
          {branches.some((b) => b.nda?.isSigned) && (
            <SignedNdasZipDownload project={{ id: projectId, name: projectName }} />
          )}
          {canChange && (
            <Button variant="default" leftSection={<IconFileUpload size={16} />} onClick={buyers.open}>
              Upload list of buyers
            </Button>
          )}
          {canChange && (
            <Button
              component={Link}
              to={`/projects/${projectId}/group/create`}
              leftSection={<IconSend size={16} />}
              disabled={!canAddGroup}
            >
              Send the info to new Recipients
            </Button>
          )}
        </Group>
      </Group>

      <QueryState
        query={dashboard}
        errorTitle="The tracker could not be loaded"
        loading={<ListSkeleton count={2} height={120} spacing="md" radius="md" />}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            bare
            icon={<IconUsersGroup size={28} />}
            title="No recipients yet"
            action={
              canChange && (
                <Button component={Link} to={`/projects/${projectId}/group/create`} disabled={!canAddGroup}>
                  Send the info to new Recipients
                </Button>
              )
            }
          >
            Create a group of recipients (a buyer and their advisers, for example) and send them the NDA. Each group
            negotiates and signs its own copy.
          </EmptyState>
        }
      >
        {() => (
          <Stack gap="md">
            {branches.map((branch) => (
              <GroupCard
                key={branch.id}
                ref={branch.id === selectedBranchId ? selectedRef : undefined}
                projectId={projectId}
                projectName={projectName}
                branch={branch}
                canChange={canChange}
                selected={branch.id === selectedBranchId}
                flags={groupFlags?.(branch.id)}
                engagement={engagementOf(branch.id)}
              />
            ))}
            {engagement.data && branches.some((b) => b.nda?.isSent) && (
              <Text fz="xs" c="dimmed" data-testid="engagement-formula">
                Engagement counts bidders’ reading of the NDA and the deal documents. {engagement.data.formula}
              </Text>
            )}
            {total > branches.length && (
              <Center>
                <Button variant="light" onClick={() => setPages((p) => p + 1)} loading={dashboard.isPlaceholderData}>
                  Load more
                </Button>
              </Center>
            )}
          </Stack>
        )}
      </QueryState>
      <BuyersListModal opened={buyersOpened} onClose={buyers.close} projectId={projectId} />
    </Paper>
  );
}
