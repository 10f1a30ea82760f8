import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFString,
} from 'pdf-lib';

/** What @signpdf/signpdf looks for and replaces with the real byte range when it signs. */
export const BYTE_RANGE_PLACEHOLDER = '**********';
/** Room for the CMS in bytes: the seal's certificates, its signature and a timestamp token with the TSA's chain. */
export const SEAL_CONTENTS_BYTES = 32_768;

/**
 * Adds the seal's signature field to the document, ready for @signpdf/signpdf to fill: a PAdES
 * signature (SubFilter ETSI.CAdES.detached) whose time is the dictionary's /M, and a certification
 * (DocMDP, P=2) so every reader flags a later change other than signatures, validation data (a DSS)
 * and document timestamps. The field is invisible, on the first page.
 */
export function addSealPlaceholder(
  doc: PDFDocument,
  seal: { signedAt: Date; reason: string; name: string; location: string; contactInfo: string },
): void {
  const ctx = doc.context;
  const byteRange = PDFArray.withContext(ctx);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(BYTE_RANGE_PLACEHOLDER));

  const signatureDict = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(SEAL_CONTENTS_BYTES * 2)),
    M: PDFString.fromDate(seal.signedAt),
    Reason: PDFString.of(seal.reason),
    Name: PDFString.of(seal.name),
    Location: PDFString.of(seal.location),
    ContactInfo: PDFString.of(seal.contactInfo),
    Reference: [
      {
        Type: 'SigRef',
        TransformMethod: 'DocMDP',
        TransformParams: { Type: 'TransformParams', P: 2, V: '1.2' },
      },
    ],
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: 'NDA Workspace' } },
  });
  // Written as raw bytes so pdf-lib never puts it in an object stream (the byte range must point into the file).
  const bytes = new Uint8Array(signatureDict.sizeInBytes());
  signatureDict.copyBytesInto(bytes, 0);
  const signatureRef = ctx.register(PDFInvalidObject.of(bytes));

  const page = doc.getPages()[0]!;
  const widget = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signatureRef,
      T: PDFString.of('Seal'),
      // Print and locked.
      F: 4 | 128,
      P: page.ref,
      AP: { N: ctx.register(ctx.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} })) },
    }),
  );
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? ctx.obj([]);
  annots.push(widget);
  page.node.set(PDFName.of('Annots'), annots);

  let acroForm = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!acroForm) {
    acroForm = ctx.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), ctx.register(acroForm));
  }
  // Signatures exist, and the file may only be appended to.
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  const fields = acroForm.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? ctx.obj([]);
  fields.push(widget);
  acroForm.set(PDFName.of('Fields'), fields);
  doc.catalog.set(PDFName.of('Perms'), ctx.obj({ DocMDP: signatureRef }));
}
