import { degrees, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { removeActiveContent } from '../pdf-clean.js';
import { pageFrame } from '../signing/page-frame.js';
import { addStrip } from '../signing/page-strip.js';
import { drawable, formatUtc } from '../signing/text.js';

/** Who a copy was made for, and when and from where they first fetched it. */
export interface WatermarkStamp {
  name: string;
  company: string;
  email: string;
  /** ISO time. */
  at: string;
  ip: string;
}

const GREY = rgb(0.45, 0.45, 0.5);
/** Light enough that the page's own text stays readable through the diagonal mark. */
const DIAGONAL_OPACITY = 0.14;
const FOOTER = 12;
const FOOTER_SIZE = 6.5;

/** The footer line every page carries (and what the diagonal mark says, over three lines). */
export function watermarkLines(stamp: WatermarkStamp): string[] {
  const who = [stamp.name, stamp.company].filter(Boolean).join(' · ');
  return [who || stamp.email, stamp.email, `${formatUtc(stamp.at)} · ${stamp.ip}`];
}

export function footerLine(stamp: WatermarkStamp): string {
  const who = [stamp.name, stamp.company].filter(Boolean).join(', ');
  return `Confidential · copy for ${who ? `${who} <${stamp.email}>` : stamp.email} · ${formatUtc(stamp.at)} · IP ${stamp.ip}`;
}

/**
 * Marks every page with who it was made for: their name, company, e-mail, the UTC time and IP drawn
 * diagonally and light across the page (over the content, at low opacity, so nothing is hidden and
 * the page's text stays selectable), and the same in one line in a strip added below the page
 * (page-strip.ts), where it covers nothing. Scripts, actions and embedded files are dropped first
 * (pdf-clean.ts): a deal document over 3 MB is stored as uploaded, and a bidder's copy is clean
 * whatever its size. Answers the saved file and its page count.
 */
export async function watermarkPdf(
  original: Uint8Array,
  stamp: WatermarkStamp,
): Promise<{ pdf: Uint8Array; pages: number }> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  removeActiveContent(doc);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = watermarkLines(stamp).map((l) => drawable(font, l));
  const footer = drawable(font, footerLine(stamp));
  const pages = doc.getPages();
  for (const page of pages) {
    drawDiagonal(page, font, lines);
    drawFooter(page, font, footer);
  }
  // Object streams keep the output near the original's size; pdf-lib writes them quickly.
  return { pdf: await doc.save({ useObjectStreams: true }), pages: pages.length };
}

function drawDiagonal(page: PDFPage, font: PDFFont, lines: string[]): void {
  const frame = pageFrame(page);
  const angle = Math.atan2(frame.height, frame.width);
  const diagonal = Math.hypot(frame.width, frame.height);
  const widest = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, 1)));
  const size = Math.max(8, Math.min(30, (diagonal * 0.7) / widest));
  const leading = size * 1.35;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [cx, cy] = [frame.width / 2, frame.height / 2];
  lines.forEach((line, i) => {
    const width = font.widthOfTextAtSize(line, size);
    // Centred on the page's centre: back half the line along the diagonal, down across it by line.
    const across = ((lines.length - 1) / 2 - i) * leading - size * 0.35;
    const x = cx - (width / 2) * cos - across * sin;
    const y = cy - (width / 2) * sin + across * cos;
    const at = frame.toPage(x, y);
    page.drawText(line, {
      x: at.x,
      y: at.y,
      size,
      font,
      color: GREY,
      opacity: DIAGONAL_OPACITY,
      rotate: degrees(frame.rotate + (angle * 180) / Math.PI),
    });
  });
}

function drawFooter(page: PDFPage, font: PDFFont, text: string): void {
  const strip = addStrip(page, 'bottom', FOOTER);
  const frame = pageFrame(page);
  const room = frame.width - 24;
  let size = FOOTER_SIZE;
  while (size > 3 && font.widthOfTextAtSize(text, size) > room) size -= 0.5;
  const at = frame.toPage(strip.x + 12, strip.y + (FOOTER - size) / 2 + 1);
  page.drawText(text, { x: at.x, y: at.y, size, font, color: GREY, rotate: degrees(frame.rotate) });
}
