import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, RANGE_OPTIONS, rangeSource } from '@client/lib/pdf';
import type { FileByParts } from '@client/lib/rest';

/** The spec's viewer width. */
const MAX_WIDTH = 950;

/** A page is drawn once it comes this close to the visible part of the viewer. */
const DRAW_AHEAD = '1200px 0px';

/** A PDF as a loader gives it: whole, or read by parts as pages need them (large deal documents). */
export type PdfFile = Blob | FileByParts;

interface PdfDocumentProps {
  /** Loads the PDF (through the authorised REST door). */
  load: (signal: AbortSignal) => Promise<PdfFile>;
  /** Shown while loading and in the error message. */
  title: string;
  /** The ref of each page's element (1-based), for what watches which pages are in view. */
  pageRef?: (page: number) => (el: HTMLDivElement | null) => void;
}

/**
 * Every page of a PDF, one under the other, each with its number. Loaded lazily with react-pdf; a page
 * is drawn only as it nears the view, so a 400-page document read by parts fetches what is read.
 */
export default function PdfDocument({ load, title, pageRef }: PdfDocumentProps) {
  const { ref, width } = useElementSize();
  // What the current `load` gave; a new `load` shows the loader again until its own answer arrives.
  const [loaded, setLoaded] = useState<{
    load: PdfDocumentProps['load'];
    file: PdfFile | null;
    error: string | null;
  }>();
  const [readError, setReadError] = useState<{ file: PdfFile; message: string } | null>(null);
  const [pages, setPages] = useState(0);
  // Height over width of the first page drawn, for the space kept for pages not drawn yet.
  const [ratio, setRatio] = useState(1.3);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (file) => setLoaded({ load, file, error: null }),
      (err: unknown) => {
        if ((err as Error)?.name !== 'AbortError')
          setLoaded({ load, file: null, error: (err as Error)?.message || 'The document could not be loaded.' });
      },
    );
    return () => controller.abort();
  }, [load]);

  const file = loaded?.load === load ? loaded.file : null;
  const source = useMemo(
    () =>
      !file || file instanceof Blob
        ? file
        : rangeSource(file, (err) =>
            setReadError({ file, message: err.message || 'The document could not be loaded.' }),
          ),
    [file],
  );
  const error =
    (loaded?.load === load ? loaded.error : null) ?? (file && readError?.file === file ? readError.message : null);

  const pageWidth = Math.min(MAX_WIDTH, Math.max(0, width - 2));
  const loading = (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <Loader />
        <Text fz="sm" c="dimmed">
          Loading {title}…
        </Text>
      </Stack>
    </Center>
  );

  return (
    <div ref={ref} style={{ width: '100%' }} data-testid="pdf-document">
      {error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={`${title} could not be shown`}>
          {error}
        </Alert>
      ) : !file || pageWidth === 0 ? (
        loading
      ) : (
        // Loaded in an effect, not through Suspense: under Suspense a document read by parts started
        // loading again at each retry, asking for its last part over and over and never showing.
        <Document
          file={source}
          options={file instanceof Blob ? undefined : RANGE_OPTIONS}
          suspense={false}
          loading={loading}
          onLoadSuccess={({ numPages }) => setPages(numPages)}
          onLoadError={(err) =>
            file && setReadError({ file, message: err.message || 'The document could not be read.' })
          }
          error={<Text c="red">The document could not be read.</Text>}
        >
          <Stack gap="lg" align="center">
            {Array.from({ length: pages }, (_, i) => (
              <Stack key={i} gap={6} align="center">
                <div
                  ref={pageRef?.(i + 1)}
                  style={{ boxShadow: '0 1px 4px rgba(20, 40, 75, 0.18)', background: 'white' }}
                >
                  <DrawnNearView space={<div style={{ width: pageWidth, height: pageWidth * ratio }} />}>
                    <Page
                      pageNumber={i + 1}
                      width={pageWidth}
                      renderTextLayer={false}
                      renderAnnotationLayer={false}
                      onLoadSuccess={(p) => i === 0 && setRatio(p.originalHeight / p.originalWidth)}
                      loading={<div style={{ width: pageWidth, height: pageWidth * ratio }} />}
                    />
                  </DrawnNearView>
                </div>
                <Text fz="xs" c="dimmed" data-testid="pdf-page-number">
                  Page {i + 1} of {pages}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Document>
      )}
    </div>
  );
}

/** Its children once they come near the visible part of the page (and from then on), `space` until then. */
function DrawnNearView({ space, children }: { space: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: DRAW_AHEAD,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={ref}>{near ? children : space}</div>;
}
