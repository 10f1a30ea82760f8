import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendAmendments } from './amendments-page.js';
import { MAX_SIGNATURE_SIZE } from '@shared/schemas/account.js';
import { fitsWithin, imageSize } from '../image-header.js';
import { appendCertificate } from './certificate-page.js';
import { fillSignatureFields } from './fill-signature-fields.js';
import { numberPages } from './page-numbers.js';
import { markPreview } from './preview-mark.js';
import { addSealPlaceholder } from './seal-placeholder.js';
import { appendSignaturePage } from './signature-page.js';
import type { SignedNdaInput } from './types.js';

/**
 * The signed NDA: form fields flattened, both signatures in the sender's fields or on an appended
 * signature page, the schedule of agreed amendments and the certificate appended, every page numbered
 * over the whole file, with the seal's empty signature field (seal-placeholder.ts): seal.ts seals it. A
 * preview is the same document before signing: placeholders for the signatures, marked on every page,
 * without a seal.
 */
export async function prepareSignedNda(input: SignedNdaInput): Promise<Buffer> {
  // pdf-lib decodes each signature whole: a picture that declares gigabytes never gets that far.
  for (const party of [input.sender, input.recipient]) {
    if (!party.signature) continue;
    const size = imageSize(Buffer.from(party.signature.buffer, party.signature.byteOffset, party.signature.byteLength));
    if (!size || !fitsWithin(size, MAX_SIGNATURE_SIZE))
      throw new Error(`the ${party.role.toLowerCase()}'s signature is not a PNG within the signature size`);
  }
  const doc = await PDFDocument.load(input.original, { updateMetadata: false });
  const form = doc.getForm();
  if (form.getFields().length) form.flatten();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const originalPages = doc.getPageCount();
  // The signatures go in the fields the sender placed, else on a page of their own: never over the text.
  if (input.fields.length)
    await fillSignatureFields(doc, fonts.regular, { sender: input.sender, recipient: input.recipient }, input.fields);
  else await appendSignaturePage(doc, fonts, input);
  appendAmendments(doc, fonts, input);
  await appendCertificate(doc, fonts, input, originalPages);
  if (input.preview) markPreview(doc, fonts, originalPages);
  numberPages(doc, fonts, { documentId: input.documentId, originalPages, signed: !input.preview });
  if (input.preview) {
    doc.setTitle(`${input.documentName} (preview, not signed)`);
    doc.setProducer('NDA Workspace');
    return Buffer.from(await doc.save());
  }
  doc.setTitle(`${input.documentName} (signed)`);
  doc.setProducer('NDA Workspace');
  // Sealed as of its execution: the later signature (a countersignature comes after the bidder's).
  const signedAt = new Date(
    Math.max(Date.parse(input.recipient.signedAt!), Date.parse(input.sender.signedAt ?? input.recipient.signedAt!)),
  );
  doc.setModificationDate(signedAt);

  addSealPlaceholder(doc, {
    signedAt,
    reason: 'NDA signed by both parties',
    name: 'NDA Workspace',
    location: 'Online',
    contactInfo: input.sender.email,
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
