import {
  Alert,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TEMPLATE_PAGE_SIZE } from '@shared/schemas/templates';
import { errorMessageOf } from '@client/lib/errors';
import type { ProjectDto, TemplateDto } from '@client/lib/api-types';
import { useTemplatesPage } from '../api/templates';
import { TemplateCard } from './TemplateCard';
import { TemplateModal } from './TemplateModal';

interface TemplatesBrowserProps {
  canAdd: boolean;
  canChange: boolean;
  canDelete: boolean;
  /** The projects the project filter offers; without them there is no project filter. */
  projects?: ProjectDto[];
}

/** Templates (spec 2): filters by name and project, nine cards a page, a card opens the template. */
export function TemplatesBrowser({ canAdd, canChange, canDelete, projects }: TemplatesBrowserProps) {
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 500);
  const [project, setProject] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TemplateDto | null>(null);
  const query = useTemplatesPage({ name: debounced, project: project ? Number(project) : null, page });
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / TEMPLATE_PAGE_SIZE));
  const filtered = !!debounced || !!project;
  // The open template follows the list, so a rename shows at once; the snapshot covers a template the list no longer holds.
  const openedNow = (opened && query.data?.results.find((t) => t.id === opened.id)) || opened;
  const projectOptions = (projects ?? [])
    .filter((p) => p.access !== 'signer')
    .map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            size="sm"
            placeholder="Filter templates by name..."
            aria-label="Filter templates by name"
            leftSection={<IconSearch size={16} />}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px', maxWidth: 380 }}
          />
          {projects && (
            <Select
              size="sm"
              placeholder="Filter by project"
              aria-label="Filter by project"
              data={projectOptions}
              value={project}
              onChange={(v) => {
                setProject(v);
                setPage(1);
              }}
              clearable
              searchable
              nothingFoundMessage="No project with this name"
              style={{ flex: '1 1 200px', maxWidth: 300 }}
            />
          )}
          <Text fz="sm" c="dimmed" ml="auto">
            {query.isSuccess ? `${count} ${count === 1 ? 'template' : 'templates'}` : ''}
          </Text>
        </Group>
      </Paper>

      {query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The templates could not be loaded"
        >
          {errorMessageOf(query.error)}
        </Alert>
      ) : query.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.data.results.length === 0 ? (
        filtered ? (
          <Paper withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed">
              No template matches these filters.
            </Text>
          </Paper>
        ) : (
          <Paper withBorder radius="lg" p="xl" data-testid="templates-initial">
            <Stack align="center" ta="center" gap="sm" py="lg">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconTemplate size={28} />
              </ThemeIcon>
              <Title order={3} fz="lg">
                You have no NDA templates yet
              </Title>
              <Text c="dimmed" maw={520}>
                Templates are the NDAs your team starts from. Add your standard mutual or one-way NDA once (PDF, DOC,
                DOCX or ODT), then choose it when you create a project or give a group its own NDA.
              </Text>
              {canAdd && (
                <Button component={Link} to="/templates/create" mt="xs">
                  Add a NDA template
                </Button>
              )}
            </Stack>
          </Paper>
        )
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="lg"
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
        >
          {query.data.results.map((t) => (
            <TemplateCard key={t.id} template={t} onOpen={() => setOpened(t)} />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            withEdges={false}
            aria-label="Templates pages"
          />
        </Center>
      )}
      <TemplateModal template={openedNow} onClose={() => setOpened(null)} canChange={canChange} canDelete={canDelete} />
    </Stack>
  );
}
