import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PdfFile } from './PdfDocument';

/** Loads the PDF a viewer shows, whole or by parts. */
export type PdfLoader = (signal: AbortSignal) => Promise<PdfFile>;

const PdfDocument = lazy(() => import('./PdfDocument'));

interface PdfViewerModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Loads the PDF; keep it stable (useCallback) so the document is not fetched again on every render. */
  load: PdfLoader;
  /** The ref of each page's element (1-based), for what watches which pages are in view. */
  pageRef?: (page: number) => (el: HTMLDivElement | null) => void;
}

/** The spec's PDF viewer modal: all pages with their numbers, and Close. */
export function PdfViewerModal({ opened, onClose, title, load, pageRef }: PdfViewerModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={1000}
      centered={false}
      padding="lg"
      styles={{ body: { background: 'var(--app-page-bg)', paddingTop: 16 }, title: { fontWeight: 650 } }}
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader />
          </Center>
        }
      >
        {opened && <PdfDocument load={load} title={title} pageRef={pageRef} />}
      </Suspense>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
