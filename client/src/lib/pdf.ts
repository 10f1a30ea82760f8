import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfjs } from 'react-pdf';

// The one pdf.js set-up: every PDF view imports react-pdf's components from here, so the worker is
// configured once, before any document renders.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { Document, Page } from 'react-pdf';
