import { inflatedLength } from './inflated-length.js';

/**
 * What a PDF's compressed (FlateDecode) streams may expand to before anything parses or draws them. A
 * real NDA's pages hold a few hundred KB of drawing operators; a content-stream bomb packs hundreds of
 * MB of them into a small file, and every viewer and preview renderer must execute each one.
 */
export const PDF_STREAM_LIMITS = {
  /** Every stream that is not a picture: page contents, forms, fonts, object streams. */
  drawingBytes: 16 * 1024 * 1024,
  /** Everything, pictures included. */
  totalBytes: 128 * 1024 * 1024,
} as const;

interface StreamStats {
  drawingBytes: number;
  totalBytes: number;
}

/**
 * Adds up what the file's FlateDecode streams expand to, found by their `stream` keyword (the file is
 * not parsed: this runs before any PDF library sees it), and stops counting past the limits. Streams
 * that do not inflate count what came out before the damage; judging damage is the PDF checks' work.
 */
export async function measurePdfStreams(pdf: Buffer): Promise<StreamStats> {
  const text = pdf.toString('latin1');
  const stats: StreamStats = { drawingBytes: 0, totalBytes: 0 };
  const keyword = /(?<!end)stream(\r\n|\n|\r)/g;
  let match: RegExpExecArray | null;
  while ((match = keyword.exec(text))) {
    const dictionaryStart = text.lastIndexOf('obj', match.index);
    const dictionary = text.slice(Math.max(dictionaryStart, match.index - 4096), match.index);
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    keyword.lastIndex = end + 'endstream'.length;
    if (!/\/FlateDecode\b/.test(dictionary)) continue;
    const picture = /\/Subtype\s*\/Image\b/.test(dictionary);
    const room = picture
      ? PDF_STREAM_LIMITS.totalBytes - stats.totalBytes
      : Math.min(PDF_STREAM_LIMITS.drawingBytes - stats.drawingBytes, PDF_STREAM_LIMITS.totalBytes - stats.totalBytes);
    const length = await inflatedLength(pdf.subarray(start, end), room, 'zlib');
    stats.totalBytes += length;
    if (!picture) stats.drawingBytes += length;
    if (length > room) break;
  }
  return stats;
}

/** Whether the streams stay within PDF_STREAM_LIMITS. */
export async function pdfStreamsWithinLimits(pdf: Buffer): Promise<boolean> {
  const stats = await measurePdfStreams(pdf);
  return stats.drawingBytes <= PDF_STREAM_LIMITS.drawingBytes && stats.totalBytes <= PDF_STREAM_LIMITS.totalBytes;
}
