import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';

pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** The spec's viewer width. */
const MAX_WIDTH = 950;

interface PdfDocumentProps {
  /** Loads the PDF (through the authorised REST door). */
  load: (signal: AbortSignal) => Promise<Blob>;
  /** Shown while loading and in the error message. */
  title: string;
}

/** Every page of a PDF, one under the other, each with its number. Loaded lazily with react-pdf. */
export default function PdfDocument({ load, title }: PdfDocumentProps) {
  const { ref, width } = useElementSize();
  const [file, setFile] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pages, setPages] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFile(null);
    setError(null);
    load(controller.signal).then(setFile, (err: unknown) => {
      if ((err as Error)?.name !== 'AbortError')
        setError((err as Error)?.message || 'The document could not be loaded.');
    });
    return () => controller.abort();
  }, [load]);

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
          onLoadError={(err) => setError(err.message || 'The document could not be read.')}
          error={<Text c="red">The document could not be read.</Text>}
        >
          <Stack gap="lg" align="center">
            {Array.from({ length: pages }, (_, i) => (
              <Stack key={i} gap={6} align="center">
                <div style={{ boxShadow: '0 1px 4px rgba(20, 40, 75, 0.18)', background: 'white' }}>
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
