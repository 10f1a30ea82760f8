import type { TextPage } from '@shared/clause-split.js';

/** Pages past this one are not read for clauses: an NDA is a few pages, a longer file is read in part. */
export const TEXT_PAGE_LIMIT = 60;

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

/**
 * The text of a PDF with the position of every run, as pdf.js reads it (in this process, no worker
 * thread, no fonts loaded), in fractions of each page's visible area from its top-left corner, so they
 * compare with pointers and the boxes the viewer draws. A file pdf.js cannot read gives no pages.
 */
export async function readPdfText(pdf: Buffer): Promise<TextPage[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: TextPage[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, TEXT_PAGE_LIMIT); n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs = (content.items as PdfTextItem[])
        .filter((item) => typeof item.str === 'string' && item.str.trim())
        .map((item) => {
          const [x, y] = viewport.convertToViewportPoint(item.transform[4]!, item.transform[5]!) as [number, number];
          return {
            text: item.str,
            x: x / viewport.width,
            y: y / viewport.height,
            width: item.width / viewport.width,
            height: item.height / viewport.height,
            font: item.fontName,
          };
        });
      pages.push({ page: n, runs });
      page.cleanup();
    }
    return pages;
  } catch {
    return [];
  } finally {
    await task.destroy();
  }
}
