import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileCertificate, IconFileDescription, IconFileText, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { formatDate } from '@shared/dates';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BidderDocumentsCard } from '@client/features/deal-documents';
import { ActivityFeed } from '@client/features/events';
import { useProjectBranches } from '@client/features/groups';
import { ndaBadge } from '@client/features/tracker';
import { fetchProjectFile } from '@client/features/projects';
import type { ProjectDto } from '@client/lib/api-types';
import { DocumentCard } from '@client/components/ui/DocumentCard';
import { type PdfLoader, PdfViewerModal } from '@client/components/ui/PdfViewerModal';
import { QueryState } from '@client/components/ui/QueryState';

/**
 * A recipient's read-only view of a project: the NDA of each of their groups (to review, comment and
 * sign on its own page), the teaser when the sender shares it, the CIM once their NDA is signed, and
 * every deal document released to their group, with its release time.
 */
export function SignerProjectView({ project }: { project: ProjectDto }) {
  const branches = useProjectBranches(project.id);
  const [viewing, setViewing] = useState<'teaser' | 'cim' | null>(null);
  const [opened, viewer] = useDisclosure(false);
  const view = (kind: 'teaser' | 'cim') => {
    setViewing(kind);
    viewer.open();
  };
  const groups = branches.data?.results ?? [];
  const signed = groups.some((b) => b.nda?.isSigned);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} fz={24} data-testid="project-name">
              {project.name}
            </Title>
            <Badge color="grape" variant="light">
              Received
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            Shared with you by {project.companyName || 'the sender'} · {formatDate(project.created)}
          </Text>
          {project.summary && (
            <Text fz="sm" c="gray.7" maw={760} style={{ whiteSpace: 'pre-line' }}>
              {project.summary}
            </Text>
          )}
        </Stack>
      </Paper>

      <Alert variant="light" color="navy" icon={<IconInfoCircle size={18} />}>
        Review the NDA, comment on its clauses, then sign it or pass on the opportunity. The confidential information
        memorandum opens once the NDA is signed.
      </Alert>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <QueryState
          query={branches}
          errorTitle="Your NDAs could not be loaded"
          loading={<Skeleton h={170} radius="lg" />}
        >
          {() =>
            groups.map((branch) => {
              const rejected = branch.passed;
              return (
                <DocumentCard
                  key={branch.id}
                  testId="signer-nda-card"
                  title="NDA"
                  icon={<IconFileCertificate size={22} />}
                  name={branch.nda?.name ?? 'NDA'}
                  detail={branch.nda?.sentAt ? `Sent ${formatDate(branch.nda.sentAt)}` : undefined}
                  empty="NDA"
                  badge={branch.nda ? ndaBadge(branch.nda, rejected) : null}
                  actions={
                    branch.nda?.isRecalled ? (
                      <Text fz="xs" c="dimmed">
                        The sender has recalled this NDA.
                      </Text>
                    ) : (
                      <Button size="xs" component={Link} to={`/projects/${project.id}/group/${branch.id}/nda`}>
                        {branch.nda?.isSigned || rejected ? 'Open NDA' : 'Review and sign'}
                      </Button>
                    )
                  }
                />
              );
            })
          }
        </QueryState>
        {project.teaser && (
          <DocumentCard
            testId="signer-teaser-card"
            title="Teaser"
            icon={<IconFileText size={22} />}
            name={project.teaserName ?? 'Teaser'}
            detail="Shared by the sender with your group."
            empty="Teaser"
            actions={
              <Button size="xs" variant="light" onClick={() => view('teaser')}>
                View
              </Button>
            }
          />
        )}
        {project.cim ? (
          <DocumentCard
            testId="signer-cim-card"
            title="CIM"
            icon={<IconFileDescription size={22} />}
            name={project.cimName ?? 'CIM'}
            detail="Confidential information memorandum"
            empty="CIM"
            badge={{ label: 'Unlocked', color: 'teal' }}
            actions={
              <Button size="xs" variant="light" onClick={() => view('cim')}>
                View
              </Button>
            }
          />
        ) : (
          <Card withBorder radius="lg" padding="lg" bg="gray.0" data-testid="signer-cim-locked">
            <Stack gap="sm">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color="gray" size={40} radius="md">
                  <IconLock size={22} />
                </ThemeIcon>
                <Title order={2} fz="md">
                  CIM
                </Title>
              </Group>
              <Text fz="sm" c="dimmed">
                {signed
                  ? 'The sender has not shared a CIM for this project.'
                  : 'The confidential information memorandum is available once the NDA is signed.'}
              </Text>
            </Stack>
          </Card>
        )}
      </SimpleGrid>

      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <BidderDocumentsCard projectId={project.id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ActivityFeed projectId={project.id} projectName={project.name} />
        </Grid.Col>
      </Grid>

      {viewing && (
        <PdfViewerModal
          opened={opened}
          onClose={viewer.close}
          title={viewing === 'teaser' ? 'Teaser' : 'CIM'}
          load={viewing === 'teaser' ? teaserLoader(project.id) : cimLoader(project.id)}
        />
      )}
    </Stack>
  );
}

const loaders = new Map<string, PdfLoader>();
function loader(projectId: number, kind: 'teaser' | 'cim') {
  const key = `${projectId}:${kind}`;
  if (!loaders.has(key)) loaders.set(key, (signal) => fetchProjectFile(projectId, kind, signal));
  return loaders.get(key)!;
}
const teaserLoader = (id: number) => loader(id, 'teaser');
const cimLoader = (id: number) => loader(id, 'cim');
