import {
  Button,
  Card,
  Center,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconCircleCheckFilled, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { templateCardName } from '@shared/schemas/templates';
import { QueryState } from '@client/components/ui/QueryState';
import type { TemplateDto } from '@client/lib/api-types';
import { useAllTemplates } from '../api/templates';
import { TemplatePreview } from './TemplatePreview';

interface TemplateChooserModalProps {
  opened: boolean;
  onClose: () => void;
  onChoose: (template: TemplateDto) => void;
  selectedId?: number | null;
}

/** The spec's chooser: 'Choose NDA from templates', or 'You don’t have a template' when there is none. */
export function TemplateChooserModal({ opened, onClose, onChoose, selectedId }: TemplateChooserModalProps) {
  const query = useAllTemplates(opened);
  const [filter, setFilter] = useState('');
  const templates = useMemo(() => query.data?.results ?? [], [query.data]);
  const shown = useMemo(
    () => templates.filter((t) => t.name.toLowerCase().includes(filter.trim().toLowerCase())),
    [templates, filter],
  );
  const none = query.isSuccess && templates.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={none ? 'You don’t have a template' : 'Choose NDA from templates'}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <QueryState
        query={query}
        errorTitle="The templates could not be loaded"
        loading={
          <Center py="xl">
            <Loader aria-label="Loading templates" />
          </Center>
        }
        isEmpty={(data) => data.results.length === 0}
        empty={
          <Stack align="center" ta="center" py="lg" gap="sm">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconTemplate size={28} />
            </ThemeIcon>
            <Text c="dimmed" maw={420}>
              Templates are the NDAs your team starts from. Add one on the Templates page, or upload a file for this NDA
              instead.
            </Text>
            <Button component={Link} to="/templates/create" variant="light">
              Add a NDA template
            </Button>
          </Stack>
        }
      >
        {() => (
          <Stack gap="md">
            {templates.length > 6 && (
              <TextInput
                placeholder="Filter templates by name..."
                leftSection={<IconSearch size={16} />}
                value={filter}
                onChange={(e) => setFilter(e.currentTarget.value)}
              />
            )}
            <ScrollArea.Autosize mah="60vh" offsetScrollbars>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                {shown.map((template) => {
                  const selected = template.id === selectedId;
                  return (
                    <UnstyledButton
                      key={template.id}
                      onClick={() => {
                        onChoose(template);
                        onClose();
                      }}
                      aria-label={`Choose template ${template.name}`}
                      aria-pressed={selected}
                      style={{ display: 'block', height: '100%' }}
                    >
                      <Card
                        withBorder
                        radius="md"
                        padding={0}
                        h="100%"
                        style={{
                          borderColor: selected ? 'var(--mantine-color-navy-6)' : undefined,
                          borderWidth: selected ? 2 : 1,
                        }}
                      >
                        <TemplatePreview template={template} />
                        <Stack gap={0} p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                          <Text fz="sm" fw={600} title={template.name} lineClamp={2} style={{ minHeight: '2.9em' }}>
                            {selected && (
                              <IconCircleCheckFilled
                                size={14}
                                color="var(--mantine-color-navy-6)"
                                style={{ verticalAlign: -2, marginRight: 4 }}
                              />
                            )}
                            {templateCardName(template.name)}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            {template.pageCount} {template.pageCount === 1 ? 'page' : 'pages'}
                          </Text>
                        </Stack>
                      </Card>
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
              {shown.length === 0 && (
                <Text c="dimmed" ta="center" py="lg">
                  No template matches this name.
                </Text>
              )}
            </ScrollArea.Autosize>
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
