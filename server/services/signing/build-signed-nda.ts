import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { appendAmendments } from './amendments-page.js';
import { MAX_SIGNATURE_SIZE } from '@shared/schemas/account.js';
import { fitsWithin, imageSize } from '../image-header.js';
import { appendCertificate } from './certificate-page.js';
import { fillSignatureFields } from './fill-signature-fields.js';
import { numberPages } from './page-numbers.js';
import { markPreview } from './preview-mark.js';
import type { SigningKey } from './signing-key.js';
import { appendSignaturePage } from './signature-page.js';
import type { SignedNdaInput } from './types.js';

/**
 * The signed NDA: form fields flattened, both signatures in the sender's fields or on an appended
 * signature page, the schedule of agreed amendments and the certificate appended, every page numbered
 * over the whole file, and the whole file sealed with a PDF digital signature (PKCS#7,
 * adbe.pkcs7.detached) so any changed byte shows as tampering in a PDF reader or pdfsig. A preview is
 * the same document before signing: placeholders for the signatures, marked on every page, not sealed.
 */
export async function buildSignedNda(input: SignedNdaInput, key: SigningKey): Promise<Buffer> {
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

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'NDA signed by both parties',
    contactInfo: input.sender.email,
    name: 'NDA Workspace',
    location: 'Online',
    signingTime: signedAt,
    signatureLength: 16_384,
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(key.p12, { passphrase: key.passphrase });
  return new SignPdf().sign(unsigned, signer, signedAt);
}
