import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef, useViewportSize } from '@mantine/hooks';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { renderedPageSize, type Size } from '@shared/pointer-geometry';
import { Document, Page } from '@client/lib/pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { useViewerZoom } from '../hooks/use-viewer-zoom';
import { canvasPixelRatio } from '../zoom';
import classes from './NdaPdfViewer.module.css';
import { ZoomControls } from './ZoomControls';
import { markFirstDraw } from '../first-draw';

/** The spec's viewer width; narrower screens scale the page down. */
export const VIEWER_WIDTH = 950;

interface NdaPdfViewerProps {
  data: ArrayBuffer | undefined;
  loadError: string | null;
  page: number;
  numPages: number;
  onPageChange: (page: number) => void;
  onNumPages: (numPages: number) => void;
  /**
   * Drawn over the page, exactly its rendered size at the current zoom (the pointer layer, over
   * pdf.js's text layer), with the pixel ratio its canvases should draw at.
   */
  overlay: (size: Size, page: number, pixelRatio: number) => ReactNode;
  /** Each page's size in points once read (for what needs real sizes, such as the signature fields' warnings). */
  onPageBox?: (page: number, box: Size) => void;
  /** The ref of the page shown (1-based), for what watches whether it is in view (the bidder's reading time). */
  pageRef?: (page: number) => (el: HTMLDivElement | null) => void;
}

/** Room kept below the page at Fit page, so its edge and shadow show. */
const FIT_PAGE_MARGIN = 16;
const BORDER_BOX = { box: 'border-box' } as const;

/**
 * One page at a time of the NDA, with Previous / Next and 'page / total', zoom controls, and an overlay
 * on the page. The page is drawn (canvas and text layer) at the zoomed size, never scaled by CSS except
 * during a pinch; wider than the viewer, it scrolls sideways inside the viewer.
 */
export function NdaPdfViewer({
  data,
  loadError,
  page,
  numPages,
  onPageChange,
  onNumPages,
  overlay,
  onPageBox,
  pageRef,
}: NdaPdfViewerProps) {
  const { ref: measure, width: available } = useElementSize(BORDER_BOX);
  const { ref: toolbar, height: toolbarHeight } = useElementSize(BORDER_BOX);
  const { height: windowHeight } = useViewportSize();
  // The app's fixed header covers the top of the window: Fit page fits what is below it.
  const [headerHeight] = useState(() => document.querySelector('header')?.offsetHeight ?? 0);
  const stage = useRef<HTMLDivElement>(null);
  const stageRef = useMergedRef(measure, stage, pageRef?.(page));
  const sheet = useRef<HTMLDivElement>(null);
  const [boxes, setBoxes] = useState<Record<number, Size>>({});
  const [readError, setReadError] = useState<string | null>(null);
  // pdf.js takes its bytes away to its worker: it gets a copy, the cache keeps the original.
  const file = useMemo(() => (data ? { data: new Uint8Array(data.slice(0)) } : null), [data]);
  const box = boxes[page];
  // Until this page is read, zoom as the pages already read (an NDA's pages usually share a size).
  const zoomBox = box ?? Object.values(boxes)[0] ?? null;
  const zoom = useViewerZoom(
    stage,
    sheet,
    zoomBox,
    {
      available: { width: available, height: windowHeight - headerHeight - toolbarHeight - FIT_PAGE_MARGIN },
      designWidth: VIEWER_WIDTH,
    },
    headerHeight + toolbarHeight + FIT_PAGE_MARGIN / 2,
  );
  const width = zoom.width;
  const size = box ? renderedPageSize(box, width) : null;
  const drawn = size ? { width: Math.floor(size.width), height: Math.floor(size.height) } : null;
  const pixelRatio = canvasPixelRatio(drawn ?? { width, height: width }, window.devicePixelRatio);
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
    // + / - / 0 zoom while the focus is anywhere in the viewer (but not in a text field).
    <Paper withBorder shadow="xs" p={0} className={classes.frame} onKeyDown={zoom.onKeyDown}>
      <Group ref={toolbar} justify="space-between" gap="xs" px="md" py="xs" className={classes.toolbar}>
        {/* Previous disabled on the first page hands the focus to Next, and the other way round. */}
        <Group gap="xs" wrap="nowrap" role="group" aria-label="Pages" data-focus-return="button:not(:disabled)">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={16} />}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <Text fz="sm" fw={600} c="dark.6" miw={44} ta="center" data-testid="page-indicator">
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
        <ZoomControls zoom={zoom} />
      </Group>
      {/* Focusable: the keyboard scrolls a zoomed page, and + / - / 0 work after a click on the page. */}
      <Box
        ref={stageRef}
        className={classes.stage}
        tabIndex={0}
        role="region"
        aria-label="NDA page"
        aria-keyshortcuts="+ - 0"
        data-testid="page-stage"
      >
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
            {/* The page's box, sized at once to the zoom (the canvas follows when drawn); a pinch scales it. */}
            <div
              ref={sheet}
              className={classes.sheet}
              style={{
                ...(drawn && { width: drawn.width, height: drawn.height }),
                ...(zoom.preview && {
                  transform: `scale(${zoom.preview.scale})`,
                  transformOrigin: `${zoom.preview.originX}px ${zoom.preview.originY}px`,
                }),
              }}
            >
              <Page
                pageNumber={page}
                width={width}
                devicePixelRatio={pixelRatio}
                // The text layer lets the reviewer select a clause's words to quote.
                renderTextLayer
                renderAnnotationLayer={false}
                className={classes.page}
                loading={loading}
                onRenderSuccess={() => markFirstDraw('page')}
                onLoadSuccess={(p) => {
                  const read = { width: p.originalWidth, height: p.originalHeight };
                  setBoxes((all) => (all[page] ? all : { ...all, [page]: read }));
                  onPageBox?.(page, read);
                }}
              >
                {drawn && (
                  <div className={classes.overlay} data-testid="page-overlay" data-page={page}>
                    {overlay(drawn, page, pixelRatio)}
                  </div>
                )}
              </Page>
            </div>
          </Document>
        )}
      </Box>
    </Paper>
  );
}
