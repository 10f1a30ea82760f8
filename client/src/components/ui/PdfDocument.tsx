import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Document, Page } from '@client/lib/pdf';

/** The spec's viewer width. */
const MAX_WIDTH = 950;

interface PdfDocumentProps {
  /** Loads the PDF (through the authorised REST door). */
  load: (signal: AbortSignal) => Promise<Blob>;
  /** Shown while loading and in the error message. */
  title: string;
  /** The ref of each page's element (1-based), for what watches which pages are in view. */
  pageRef?: (page: number) => (el: HTMLDivElement | null) => void;
}

/** Every page of a PDF, one under the other, each with its number. Loaded lazily with react-pdf. */
export default function PdfDocument({ load, title, pageRef }: PdfDocumentProps) {
  const { ref, width } = useElementSize();
  // What the current `load` gave; a new `load` shows the loader again until its own answer arrives.
  const [loaded, setLoaded] = useState<{ load: PdfDocumentProps['load']; file: Blob | null; error: string | null }>();
  const [readError, setReadError] = useState<{ file: Blob; message: string } | null>(null);
  const [pages, setPages] = useState(0);

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
        <Document
          file={file}
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
                  <Page
                    pageNumber={i + 1}
                    width={pageWidth}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={<div style={{ width: pageWidth, height: pageWidth * 1.3 }} />}
                  />
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
