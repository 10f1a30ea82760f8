import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '@shared/dates';
import type { DealDocumentDto } from '@shared/schemas/deal-documents';
import { PdfViewerModal } from '@client/components/ui/PdfViewerModal';
import { QueryState } from '@client/components/ui/QueryState';
import { useReadingTracker } from '@client/features/engagement';
import { dealDocumentLoader, useDealDocuments } from '../api/deal-documents';
import { useDealDocumentsLive } from '../hooks/use-deal-documents-live';

/**
 * A bidder's deal documents: those released to their group, each with when it was released; one
 * released while the page is open appears at once.
 */
export function BidderDocumentsCard({ projectId }: { projectId: number }) {
  const documents = useDealDocuments(projectId);
  useDealDocumentsLive(projectId);
  const [viewing, setViewing] = useState<DealDocumentDto | null>(null);
  // The pages in view while the bidder reads, for the sending team's engagement figures.
  const pageRef = useReadingTracker(viewing ? { document: viewing.id } : null);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="bidder-documents">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Deal documents
        </Title>
        <QueryState
          query={documents}
          errorTitle="Your documents could not be loaded"
          loading={<Skeleton h={60} radius="md" />}
          isEmpty={(list) => list.length === 0}
          empty={
            <Text fz="sm" c="dimmed">
              The sender has not released any documents to you yet. They appear here as soon as they are.
            </Text>
          }
        >
          {(list) => (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((doc) => (
                <Group key={doc.id} component="li" justify="space-between" wrap="nowrap" data-testid="bidder-document">
                  <div>
                    <Text fz="sm" fw={600}>
                      {doc.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      Released {formatDateTime(doc.releasedAt)}
                    </Text>
                  </div>
                  <Button size="xs" variant="light" onClick={() => setViewing(doc)} aria-label={`View ${doc.title}`}>
                    View
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
      {viewing && (
        <PdfViewerModal
          opened
          onClose={() => setViewing(null)}
          title={viewing.title}
          load={dealDocumentLoader(viewing)}
          pageRef={pageRef}
        />
      )}
    </Paper>
  );
}
