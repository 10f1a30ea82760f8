import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';

export type CleanResult = { ok: true; body: Buffer } | { ok: false; problem: 'hidden_optional_content' };

/** Actions that run code, open or send something outside the document, or change the form. */
const ACTIVE_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'GoToE',
  'RichMediaExecute',
  'Rendition',
  'Sound',
  'Movie',
]);
/** Keys that carry scripts, triggers or embedded files wherever they appear. */
const ACTIVE_KEYS = ['AA', 'JS', 'OpenAction', 'EmbeddedFiles', 'JavaScript', 'EF', 'RichMediaContent', 'XFA', 'AF'];
/** Annotations that carry files, media or scripts of their own. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'Movie', 'Sound', 'Screen', 'RichMedia', '3D']);

const nameOf = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : undefined);

/**
 * Rewrites an uploaded PDF so that it carries only what is drawn: scripts, open and additional
 * actions, launch, submit and import actions, embedded files, media and XFA forms are dropped, then
 * every object the document no longer reaches from its trailer. A document whose optional content is
 * hidden by default (text a reader shows nobody, or shows some readers and not others) is refused.
 */
export async function cleanPdf(body: Buffer): Promise<CleanResult> {
  const doc = await PDFDocument.load(body, { updateMetadata: false });
  if (hidesOptionalContent(doc)) return { ok: false, problem: 'hidden_optional_content' };
  removeActiveContent(doc);
  return { ok: true, body: Buffer.from(await doc.save({ useObjectStreams: false })) };
}

/**
 * Drops from a loaded document what cleanPdf drops (scripts, actions that run or send something,
 * embedded files, media, XFA), then every object it no longer reaches. Also run on each bidder's
 * watermarked copy, so that one made from a deal document too large to clean at upload is clean too.
 */
export function removeActiveContent(doc: PDFDocument): void {
  const { context, catalog } = doc;
  const seen = new Set<PDFObject>();
  const scrub = (value: PDFObject | undefined) => {
    const object = value instanceof PDFRef ? context.lookup(value) : value;
    if (!object || seen.has(object)) return;
    seen.add(object);
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const key of ACTIVE_KEYS) dict.delete(PDFName.of(key));
      const action = dict.lookup(PDFName.of('A'));
      if (action instanceof PDFDict && isActive(action)) dict.delete(PDFName.of('A'));
      const next = dict.lookup(PDFName.of('Next'));
      if (next instanceof PDFDict && isActive(next)) dict.delete(PDFName.of('Next'));
      if (next instanceof PDFArray) dict.delete(PDFName.of('Next'));
      const annots = dict.lookup(PDFName.of('Annots'));
      if (annots instanceof PDFArray)
        for (let i = annots.size() - 1; i >= 0; i--) {
          const annot = annots.lookup(i);
          if (annot instanceof PDFDict && ACTIVE_ANNOTATIONS.has(nameOf(annot.get(PDFName.of('Subtype'))) ?? ''))
            annots.remove(i);
        }
      for (const [, child] of dict.entries()) scrub(child);
    } else if (object instanceof PDFArray) {
      for (const child of object.asArray()) scrub(child);
    }
  };
  scrub(catalog);
  scrub(context.trailerInfo.Info);

  // Keep only what the trailer reaches, now that the active parts are cut off.
  const reachable = new Set<string>();
  const walk = (value: PDFObject | undefined) => {
    if (value instanceof PDFRef) {
      if (reachable.has(value.tag)) return;
      reachable.add(value.tag);
      walk(context.lookup(value));
    } else if (value instanceof PDFDict) {
      for (const [, child] of value.entries()) walk(child);
    } else if (value instanceof PDFStream) {
      walk(value.dict);
    } else if (value instanceof PDFArray) {
      for (const child of value.asArray()) walk(child);
    }
  };
  walk(context.trailerInfo.Root);
  walk(context.trailerInfo.Info);
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (reachable.has(ref.tag)) continue;
    // Object streams are rebuilt on save; everything else unreached goes.
    if (object instanceof PDFRawStream && nameOf(object.dict.get(PDFName.of('Type'))) === 'ObjStm') continue;
    context.delete(ref);
  }
  // The trailer's /Size counts up to the highest object kept.
  // (A loop, not Math.max(...all): a large document has more objects than a call takes arguments.)
  context.largestObjectNumber = context
    .enumerateIndirectObjects()
    .reduce((largest, [ref]) => Math.max(largest, ref.objectNumber), 0);
}

function isActive(action: PDFDict): boolean {
  return ACTIVE_ACTIONS.has(nameOf(action.get(PDFName.of('S'))) ?? '');
}

/** Optional content turned off by default, or off in any configuration a reader may pick. */
function hidesOptionalContent(doc: PDFDocument): boolean {
  const properties = doc.catalog.lookup(PDFName.of('OCProperties'));
  if (!(properties instanceof PDFDict)) return false;
  const configs: PDFDict[] = [];
  const main = properties.lookup(PDFName.of('D'));
  if (main instanceof PDFDict) configs.push(main);
  const others = properties.lookup(PDFName.of('Configs'));
  if (others instanceof PDFArray)
    for (let i = 0; i < others.size(); i++) {
      const config = others.lookup(i);
      if (config instanceof PDFDict) configs.push(config);
    }
  return configs.some((config) => {
    if (nameOf(config.get(PDFName.of('BaseState'))) === 'OFF') return true;
    const off = config.lookup(PDFName.of('OFF'));
    return off instanceof PDFArray && off.size() > 0;
  });
}
