import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { formatUtc, wrap } from './text.js';
import type { SignedNdaInput } from './types.js';

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const INK = rgb(0.11, 0.18, 0.32);
const MUTED = rgb(0.35, 0.38, 0.45);

/**
 * Appends the certificate: the document and its fingerprint, both parties with their signatures,
 * each negotiated thread with its final status, and the timeline with UTC times and IP addresses.
 * Long timelines continue on further pages.
 */
export async function appendCertificate(
  doc: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont },
  input: SignedNdaInput,
): Promise<void> {
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const width = PAGE[0] - 2 * MARGIN;

  const ensure = (height: number) => {
    if (y - height >= MARGIN) return;
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
    text('Certificate of signature (continued)', 11, fonts.bold);
    y -= 6;
  };
  function text(t: string, size: number, font: PDFFont, color = INK, x = MARGIN) {
    for (const line of wrap(font, t, size, width - (x - MARGIN))) {
      ensure(size + 4);
      page.drawText(line, { x, y: y - size, size, font, color });
      y -= size + 4;
    }
  }

  text('Certificate of signature', 18, fonts.bold);
  y -= 6;
  text(`Document: ${input.documentName}`, 10, fonts.regular);
  text(`Document ID: ${input.documentId}`, 10, fonts.regular);
  text(`SHA-256 of the original: ${input.originalSha256}`, 8.5, fonts.regular);
  text(`Pages in the original: ${doc.getPageCount() - 1}`, 10, fonts.regular);
  y -= 10;

  text('Parties', 13, fonts.bold);
  for (const party of [input.sender, input.recipient]) {
    ensure(70);
    const top = y;
    const image = await doc.embedPng(party.signature);
    const scale = Math.min(150 / image.width, 50 / image.height);
    page.drawImage(image, {
      x: PAGE[0] - MARGIN - 150,
      y: top - 56,
      width: image.width * scale,
      height: image.height * scale,
    });
    text(party.role, 10, fonts.bold);
    text(`${party.name} <${party.email}>`, 9.5, fonts.regular);
    text(`${party.company}${party.companyAddress ? `, ${party.companyAddress}` : ''}`, 9.5, fonts.regular);
    text(`Signed ${formatUtc(party.signedAt)} from IP ${party.ip || 'unknown'}`, 9, fonts.regular, MUTED);
    y = Math.min(y, top - 62) - 8;
  }

  text('Negotiated clauses', 13, fonts.bold);
  if (input.threads.length === 0) text('No comment threads were opened on this document.', 9.5, fonts.regular, MUTED);
  for (const [i, thread] of input.threads.entries()) {
    text(`${i + 1}. ${thread.text}`, 9.5, fonts.regular);
    text(
      `Opened by ${thread.author} · ${thread.comments} comment(s) · final status: ${thread.status.replaceAll('_', ' ')}`,
      8.5,
      fonts.regular,
      MUTED,
      MARGIN + 12,
    );
    y -= 2;
  }
  y -= 8;

  text('Timeline (UTC)', 13, fonts.bold);
  for (const entry of input.timeline) {
    text(
      `${formatUtc(entry.at)}  ${entry.what} — ${entry.who}${entry.ip ? ` (IP ${entry.ip})` : ''}`,
      8.5,
      fonts.regular,
    );
  }
  y -= 10;
  text(
    'This document is sealed with a digital signature: any change to it after signing invalidates the seal.',
    8,
    fonts.regular,
    MUTED,
  );
}
