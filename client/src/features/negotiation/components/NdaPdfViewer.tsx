import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { fitPageWidth, renderedPageSize, type Size } from '@shared/pointer-geometry';
import { Document, Page } from '@client/lib/pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import classes from './NdaPdfViewer.module.css';

/** The spec's viewer width; narrower screens scale the page down. */
export const VIEWER_WIDTH = 950;

interface NdaPdfViewerProps {
  data: ArrayBuffer | undefined;
  loadError: string | null;
  page: number;
  numPages: number;
  onPageChange: (page: number) => void;
  onNumPages: (numPages: number) => void;
  /** Drawn over the page, exactly its rendered size (the pointer layer, over pdf.js's text layer). */
  overlay: (size: Size, page: number) => ReactNode;
}

/** One page at a time of the NDA, with Previous / Next and 'page / total', and an overlay on the page. */
export function NdaPdfViewer({
  data,
  loadError,
  page,
  numPages,
  onPageChange,
  onNumPages,
  overlay,
}: NdaPdfViewerProps) {
  const { ref, width: available } = useElementSize();
  const [boxes, setBoxes] = useState<Record<number, Size>>({});
  const [readError, setReadError] = useState<string | null>(null);
  // pdf.js takes its bytes away to its worker: it gets a copy, the cache keeps the original.
  const file = useMemo(() => (data ? { data: new Uint8Array(data.slice(0)) } : null), [data]);
  const width = fitPageWidth(available, VIEWER_WIDTH);
  const box = boxes[page];
  const size = box ? renderedPageSize(box, width) : null;
  const error = loadError ?? readError;

  const loading = (
    <Center h={Math.round(width * 1.29)} w="100%">
      <Stack align="center" gap="xs">
        <Loader />
        <Text fz="sm" c="dimmed">
          Loading the NDA…
        </Text>
      </Stack>
    </Center>
  );

  return (
    <Paper withBorder shadow="xs" p={0} className={classes.frame}>
      <Group justify="space-between" wrap="nowrap" px="md" py="xs" className={classes.toolbar}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={16} />}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Text fz="sm" fw={600} c="dark.6" data-testid="page-indicator" aria-live="polite">
          {numPages ? `${page} / ${numPages}` : '– / –'}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={16} />}
          disabled={!numPages || page >= numPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </Group>
      <Box ref={ref} className={classes.stage}>
        {error ? (
          <Alert
            color="red"
            variant="light"
            m="md"
            icon={<IconAlertTriangle size={18} />}
            title="The NDA could not be shown"
          >
            {error}
          </Alert>
        ) : !file || available === 0 ? (
          loading
        ) : (
          <Document
            // The loading and error props, not Suspense: the bytes and the overlay live in this component.
            suspense={false}
            file={file}
            loading={loading}
            onLoadSuccess={(pdf) => onNumPages(pdf.numPages)}
            onLoadError={(err) => setReadError(err.message || 'The document could not be read.')}
            className={classes.document}
          >
            <Page
              pageNumber={page}
              width={width}
              // The text layer lets the reviewer select a clause's words to quote.
              renderTextLayer
              renderAnnotationLayer={false}
              className={classes.page}
              loading={loading}
              onLoadSuccess={(p) =>
                setBoxes((all) =>
                  all[page] ? all : { ...all, [page]: { width: p.originalWidth, height: p.originalHeight } },
                )
              }
            >
              {size && (
                <div className={classes.overlay} data-testid="page-overlay" data-page={page}>
                  {overlay({ width: Math.floor(size.width), height: Math.floor(size.height) }, page)}
                </div>
              )}
            </Page>
          </Document>
        )}
      </Box>
    </Paper>
  );
}
