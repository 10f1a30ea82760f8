import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { DealDocumentDto, DealDocumentReleaseRule } from '@shared/schemas/deal-documents';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { notifySuccess } from '@client/components/ui/notify';
import { PdfViewerModal } from '@client/components/ui/PdfViewerModal';
import { QueryState } from '@client/components/ui/QueryState';
import { toastError } from '@client/lib/errors';
import {
  dealDocumentLoader,
  useDealDocuments,
  useDeleteDealDocument,
  useUpdateDealDocument,
} from '../api/deal-documents';
import { useDealDocumentsLive } from '../hooks/use-deal-documents-live';
import { AddDealDocumentModal, RULE_OPTIONS } from './AddDealDocumentModal';

/**
 * The adviser's deal documents on the project page: each with its release rule (changed in place) and
 * how many groups have it; add, view and delete. Hand releases are made from the tracker's group menu.
 */
export function DealDocumentsPanel({ projectId, canChange }: { projectId: number; canChange: boolean }) {
  const documents = useDealDocuments(projectId);
  useDealDocumentsLive(projectId);
  const update = useUpdateDealDocument(projectId);
  const remove = useDeleteDealDocument(projectId);
  const [adding, addModal] = useDisclosure(false);
  const [viewing, setViewing] = useState<DealDocumentDto | null>(null);
  const [deleting, setDeleting] = useState<DealDocumentDto | null>(null);

  const changeRule = (doc: DealDocumentDto, release: DealDocumentReleaseRule) =>
    update.mutate(
      { project: projectId, document: doc.id, release },
      {
        onSuccess: () => notifySuccess(`${doc.title}: ${RULE_OPTIONS.find((o) => o.value === release)!.label}.`),
        onError: (err) => void toastError(err),
      },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="deal-documents-panel">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Deal documents
          </Title>
          {canChange && (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={addModal.open}>
              Add document
            </Button>
          )}
        </Group>
        <QueryState
          query={documents}
          errorTitle="The deal documents could not be loaded"
          loading={<Skeleton h={60} radius="md" />}
          isEmpty={(list) => list.length === 0}
          empty={
            <Text fz="sm" c="dimmed">
              No deal documents yet. Add a process letter, a management presentation or a model, and choose when each
              group receives it.
            </Text>
          }
        >
          {(list) => (
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Document</Table.Th>
                    <Table.Th>Release</Table.Th>
                    <Table.Th>Groups</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((doc) => (
                    <Table.Tr key={doc.id} data-testid="deal-document-row">
                      <Table.Td>
                        <Text fz="sm" fw={600}>
                          {doc.title}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {doc.fileName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Select
                          size="xs"
                          aria-label={`Release of ${doc.title}`}
                          data={RULE_OPTIONS}
                          value={doc.release}
                          allowDeselect={false}
                          disabled={!canChange || update.isPending}
                          onChange={(v) => v && v !== doc.release && changeRule(doc, v as DealDocumentReleaseRule)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{doc.releases.length}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label="View">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`View ${doc.title}`}
                              onClick={() => setViewing(doc)}
                            >
                              <IconEye size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {canChange && (
                            <Tooltip label="Delete">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Delete ${doc.title}`}
                                onClick={() => setDeleting(doc)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
      <AddDealDocumentModal projectId={projectId} opened={adding} onClose={addModal.close} />
      {viewing && (
        <PdfViewerModal
          opened
          onClose={() => setViewing(null)}
          title={viewing.title}
          load={dealDocumentLoader(viewing)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete document"
        message={`Delete ${deleting?.title ?? 'this document'}? Groups that received it can no longer open it.`}
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { project: projectId, document: deleting!.id },
            {
              onSuccess: () => {
                notifySuccess(`${deleting!.title} is deleted.`);
                setDeleting(null);
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
    </Paper>
  );
}
