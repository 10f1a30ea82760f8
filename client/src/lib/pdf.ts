import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfjs } from 'react-pdf';
import type { FileByParts } from './rest';

// The one pdf.js set-up: every PDF view imports react-pdf's components from here, so the worker is
// configured once, before any document renders.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { Document, Page } from 'react-pdf';

/**
 * What pdf.js reads a large file through: each part it asks for is read from the API when a page
 * needs it (rest.ts's restFileByParts), never the whole file at once. `onError` hears a part that
 * could not be read.
 */
export function rangeSource(file: FileByParts, onError: (err: Error) => void) {
  // pdf.js may hand the first part to its worker and detach it: it gets a copy of its own.
  const transport = new pdfjs.PDFDataRangeTransport(file.size, file.head.slice());
  transport.requestDataRange = (begin: number, end: number) => {
    file.read(begin, end).then(
      (chunk) => transport.onDataRange(begin, chunk),
      (err: Error) => {
        if (err?.name !== 'AbortError') onError(err);
      },
    );
  };
  return { range: transport };
}

/** pdf.js options for a file read by parts: only the parts the pages in view need, nothing ahead. */
export const RANGE_OPTIONS = { disableAutoFetch: true, disableStream: true };
