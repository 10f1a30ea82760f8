import type { PDFDocument } from 'pdf-lib';
import { type Fonts, MARGIN, MUTED, PAGE, PageWriter } from './layout.js';
import { signatoryLine } from './party-wording.js';
import { formatUtc } from './text.js';
import { CONSENT_STATEMENT } from '@shared/signing.js';
import type { Consent, Party, SignedNdaInput } from './types.js';

const pagesOf = (pages: number[]) =>
  pages.length === 0 ? '' : `${pages.length === 1 ? 'Page' : 'Pages'} ${pages.join(', ')} · `;

/** When and from where a party signed, or that they are still to sign (a preview). */
function signedLine(party: Party): string {
  if (!party.signedAt) return `To be signed by ${party.name}`;
  if (party.ipRecordedFor) return `Signed ${formatUtc(party.signedAt)}`;
  return `Signed ${formatUtc(party.signedAt)} from IP ${party.ip}`;
}

/** How the party consented to sign electronically, with when, from where and with what browser. */
function consentLine(consent: Consent): string {
  const at = `${formatUtc(consent.at)}${consent.ip ? ` from IP ${consent.ip}` : ''}${consent.userAgent ? ` (${consent.userAgent})` : ''}`;
  return consent.via === 'confirmation'
    ? `Consent to sign electronically, ticked before signing on ${at}: “${CONSENT_STATEMENT}”`
    : `Consent to sign electronically given through the API, by the call that signed, on ${at}.`;
}

/**
 * Appends the certificate: the document and its fingerprint, both parties with their signatures (and
 * how the sender's was applied), each negotiated thread with its final status in words and its history,
 * and the timeline with UTC times and IP addresses. Long content continues on further pages.
 */
export async function appendCertificate(
  doc: PDFDocument,
  fonts: Fonts,
  input: SignedNdaInput,
  originalPages: number,
): Promise<void> {
  const w = new PageWriter(doc, fonts, 'Certificate of signature (continued)');

  w.text(input.preview ? 'Certificate of signature (preview)' : 'Certificate of signature', 18, fonts.bold);
  w.gap(6);
  w.text(`Document: ${input.documentName}`, 10, fonts.regular);
  w.text(`Document ID: ${input.documentId}`, 10, fonts.regular);
  w.text(`SHA-256 of the original: ${input.originalSha256}`, 8.5, fonts.regular);
  w.text(
    `Pages in the original: ${originalPages}, followed by ${input.fields.length ? '' : 'the signature page, '}the schedule of agreed amendments and this certificate`,
    10,
    fonts.regular,
  );
  w.gap(10);

  w.text('Parties', 13, fonts.bold);
  for (const party of [input.sender, input.recipient]) {
    // The whole block on one page, the sender's statement on how their signature is applied included.
    w.ensure(party.consent ? 150 : 122);
    const top = w.y;
    if (party.signature) {
      const image = await doc.embedPng(party.signature);
      const scale = Math.min(150 / image.width, 50 / image.height);
      w.page.drawImage(image, {
        x: PAGE[0] - MARGIN - 150,
        y: top - 56,
        width: image.width * scale,
        height: image.height * scale,
      });
    } else {
      w.page.drawRectangle({
        x: PAGE[0] - MARGIN - 150,
        y: top - 56,
        width: 150,
        height: 50,
        borderColor: MUTED,
        borderWidth: 0.6,
        borderDashArray: [3, 3],
      });
    }
    // The text keeps clear of the signature on the right.
    w.rightInset = 160;
    w.text(party.role, 10, fonts.bold);
    w.text(signatoryLine(party), 9.5, fonts.regular);
    w.text(party.email ? `${party.name} <${party.email}>` : party.name, 9.5, fonts.regular);
    if (party.title) w.text(`Title: ${party.title}`, 9.5, fonts.regular);
    w.text(`${party.company}${party.companyAddress ? `, ${party.companyAddress}` : ''}`, 9.5, fonts.regular);
    w.text(signedLine(party), 9, fonts.regular, MUTED);
    if (party.consent) w.text(consentLine(party.consent), 8.5, fonts.regular, MUTED);
    if (party.applied) w.text(party.applied, 8.5, fonts.regular, MUTED);
    if (party.ipRecordedFor)
      w.text(
        party.ip ? `IP ${party.ip}, recorded when ${party.ipRecordedFor}` : party.ipRecordedFor,
        8.5,
        fonts.regular,
        MUTED,
      );
    w.rightInset = 0;
    w.y = Math.min(w.y, top - 62) - 8;
  }

  w.text('Negotiated clauses', 13, fonts.bold);
  if (input.threads.length === 0) w.text('No comment threads were opened on this document.', 9.5, fonts.regular, MUTED);
  for (const thread of input.threads) {
    w.ensure(40);
    w.text(`${thread.number}. ${thread.text}`, 9.5, fonts.regular);
    const indent = MARGIN + 12;
    w.text(
      `${pagesOf(thread.pages)}Opened by ${thread.author} · final status: ${thread.status}`,
      8.5,
      fonts.bold,
      MUTED,
      indent,
    );
    if (thread.quote) w.text(`Quoted text: “${thread.quote}”`, 8.5, fonts.regular, MUTED, indent);
    for (const entry of thread.history)
      w.text(`${formatUtc(entry.at)}  ${entry.what}`, 8, fonts.regular, undefined, indent);
    w.gap(4);
  }
  w.gap(8);

  w.text('Timeline (UTC)', 13, fonts.bold);
  for (const entry of input.timeline)
    w.text(
      `${formatUtc(entry.at)}  ${entry.what} — ${entry.who}${entry.ip ? ` (IP ${entry.ip})` : ''}`,
      8.5,
      fonts.regular,
    );
  w.gap(10);
  w.text(input.preview ? 'About the seal' : 'How to check this document', 11, fonts.bold);
  for (const line of sealStatement(input)) w.text(line, 8, fonts.regular, MUTED);
}

/** What the seal guarantees, in terms any reader can confirm, and how to confirm it. */
function sealStatement(input: SignedNdaInput): string[] {
  if (input.preview)
    return [
      'This preview is neither signed nor sealed. The signed document will carry a certifying digital signature (PAdES, SHA-256) over the whole file; readers that check signatures report whether it is intact and whether anything was changed after sealing.',
    ];
  return [
    'This document carries a certifying digital signature (PAdES, SHA-256) over the whole file, applied when it was sealed. It shows that the file is byte for byte as sealed; a change made afterwards is reported by readers that check signatures. It does not show who typed each signature: the parties, times and addresses above are what the signing service recorded.',
    'To check it: open the file in Adobe Acrobat Reader and look at the Signatures panel; or run "pdfsig" (poppler) or "pyhanko sign validate" on it. Each reports whether the seal is intact, whether it covers the whole document and whether the file was modified after sealing. Whether a reader shows the seal as trusted depends on whether it trusts the sealing certificate.',
    input.timestamped
      ? 'The time of sealing is attested by an RFC 3161 timestamp authority, and the file carries the certificates and revocation data needed to check the seal later, with a document timestamp over the whole file (PAdES B-LTA).'
      : 'The time of sealing is the time the signing service recorded; no timestamp authority attests it.',
  ];
}
