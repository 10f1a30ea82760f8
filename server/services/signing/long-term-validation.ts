import { SignPdf, Signer } from '@signpdf/signpdf';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { arrayBuffer, parseCertificate, sha256 } from './cades.js';
import { readPdfSignatures } from './pdf-signatures.js';
import { BYTE_RANGE_PLACEHOLDER } from './seal-placeholder.js';
import { requestTimestamp } from './timestamp-client.js';

/** Room for a document timestamp token with its TSA's certificates. */
const DOC_TIMESTAMP_BYTES = 16_384;
const FETCH_TIMEOUT_MS = 10_000;

/** A document timestamp (ETSI.RFC3161): the token stamps the hash of everything it covers. */
class DocumentTimestamper extends Signer {
  constructor(private readonly urls: string[]) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    return requestTimestamp(this.urls, pdf);
  }
}

const extension = (cert: pkijs.Certificate, oid: string) => cert.extensions?.find((e) => e.extnID === oid);

/** The http addresses a certificate names for its CRL (CRL distribution points). */
function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = extension(cert, '2.5.29.31');
  const points = ext?.parsedValue as pkijs.CRLDistributionPoints | undefined;
  const urls: string[] = [];
  for (const point of points?.distributionPoints ?? [])
    for (const name of Array.isArray(point.distributionPoint) ? point.distributionPoint : [])
      if (name.type === 6 && /^https?:/.test(String(name.value))) urls.push(String(name.value));
  return urls;
}

/** The http address a certificate names for OCSP (authority information access). */
function ocspUrls(cert: pkijs.Certificate): string[] {
  const ext = extension(cert, '1.3.6.1.5.5.7.1.1');
  const access = ext?.parsedValue as pkijs.InfoAccess | undefined;
  return (access?.accessDescriptions ?? [])
    .filter((d) => d.accessMethod === '1.3.6.1.5.5.7.48.1' && d.accessLocation.type === 6)
    .map((d) => String(d.accessLocation.value))
    .filter((url) => /^https?:/.test(url));
}

async function fetchBytes(url: string, init?: RequestInit): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function ocspResponse(cert: pkijs.Certificate, issuer: pkijs.Certificate, url: string): Promise<Buffer | null> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(cert, { hashAlgorithm: 'SHA-1', issuerCertificate: issuer });
  const body = await fetchBytes(url, {
    method: 'POST',
    headers: { 'content-type': 'application/ocsp-request' },
    body: Buffer.from(request.toSchema(true).toBER()),
  });
  if (!body) return null;
  const response = pkijs.OCSPResponse.fromBER(arrayBuffer(body));
  return response.responseStatus.valueBlock.valueDec === 0 ? body : null;
}

/** The validation material for the certificates: CRLs and OCSP answers where they name them. */
async function revocationData(certs: Buffer[]): Promise<{ crls: Buffer[]; ocsps: Buffer[] }> {
  const parsed = certs.map(parseCertificate);
  const crls: Buffer[] = [];
  const ocsps: Buffer[] = [];
  for (const cert of parsed) {
    const issuer = parsed.find((c) => c.subject.isEqual(cert.issuer) && c !== cert);
    for (const url of ocspUrls(cert)) {
      const answer = issuer ? await ocspResponse(cert, issuer, url).catch(() => null) : null;
      if (answer) ocsps.push(answer);
    }
    for (const url of crlUrls(cert)) {
      const crl = await fetchBytes(url);
      if (crl) crls.push(crl);
    }
  }
  return { crls, ocsps };
}

const unique = (items: Buffer[]) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = sha256(item).toString('hex');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Appends, as an incremental update, the validation material (a DSS with every certificate of the
 * seal and of its timestamp, and the CRLs and OCSP answers they name) and a document timestamp over
 * the whole file: PAdES B-LTA. The seal's certification (DocMDP P=2) allows both.
 */
export async function addLongTermValidation(sealed: Buffer, tsaUrls: string[]): Promise<Buffer> {
  const signatures = readPdfSignatures(sealed);
  const certs = unique(
    signatures.flatMap((s) => [...s.certificates, ...(s.timestampToken ? tokenCertificates(s.timestampToken) : [])]),
  );
  const { crls, ocsps } = await revocationData(certs);

  const doc = await PDFDocument.load(sealed, { updateMetadata: false });
  const ctx = doc.context;
  const objects: Array<{ num: number; bytes: Buffer }> = [];
  let next = ctx.largestObjectNumber + 1;
  const addStream = (data: Buffer): PDFRef => {
    const num = next++;
    objects.push({
      num,
      bytes: Buffer.concat([
        Buffer.from(`${num} 0 obj\n<< /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]),
    });
    return PDFRef.of(num);
  };
  const addObject = (text: string, num = next++): PDFRef => {
    objects.push({ num, bytes: Buffer.from(`${num} 0 obj\n${text}\nendobj\n`, 'latin1') });
    return PDFRef.of(num);
  };
  const refList = (refs: PDFRef[]) => `[${refs.map((r) => r.toString()).join(' ')}]`;

  const certRefs = certs.map(addStream);
  const crlRefs = crls.map(addStream);
  const ocspRefs = ocsps.map(addStream);
  const dss = addObject(
    `<< /Type /DSS /Certs ${refList(certRefs)}${crlRefs.length ? ` /CRLs ${refList(crlRefs)}` : ''}${
      ocspRefs.length ? ` /OCSPs ${refList(ocspRefs)}` : ''
    } >>`,
  );

  const page = doc.getPages()[0]!;
  const signature = addObject(
    `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange [0 /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER} /${BYTE_RANGE_PLACEHOLDER}] /Contents <${'0'.repeat(DOC_TIMESTAMP_BYTES * 2)}> >>`,
  );
  const widget = addObject(
    `<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0 0 0 0] /V ${signature.toString()} /T (Document timestamp) /F 132 /P ${page.ref.toString()} >>`,
  );

  // The objects that change: the page's annotations, the form's fields and the catalog (its /DSS).
  const changed = new Set<PDFRef>();
  const annotsEntry = page.node.get(PDFName.of('Annots'));
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? ctx.obj([]);
  annots.push(widget);
  if (annotsEntry instanceof PDFRef) changed.add(annotsEntry);
  else {
    page.node.set(PDFName.of('Annots'), annots);
    changed.add(page.ref);
  }
  const catalogRef = ctx.trailerInfo.Root as PDFRef;
  const acroFormEntry = doc.catalog.get(PDFName.of('AcroForm'));
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  acroForm.lookup(PDFName.of('Fields'), PDFArray).push(widget);
  if (fieldsEntry instanceof PDFRef) changed.add(fieldsEntry);
  else changed.add(acroFormEntry instanceof PDFRef ? acroFormEntry : catalogRef);
  doc.catalog.set(PDFName.of('DSS'), dss);
  changed.add(catalogRef);
  for (const ref of changed) addObject(ctx.lookup(ref)!.toString(), ref.objectNumber);

  const base = sealed[sealed.length - 1] === 0x0a ? sealed : Buffer.concat([sealed, Buffer.from('\n')]);
  const update = incrementalUpdate(base, objects, {
    size: next,
    root: catalogRef,
    info: ctx.trailerInfo.Info?.toString(),
    id: ctx.trailerInfo.ID?.toString(),
  });
  return new SignPdf().sign(update, new DocumentTimestamper(tsaUrls));
}

/** The certificates a timestamp token carries (the TSA's, and its chain when the TSA sends it). */
function tokenCertificates(token: Buffer): Buffer[] {
  const contentInfo = pkijs.ContentInfo.fromBER(arrayBuffer(token));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  return (signedData.certificates ?? [])
    .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
    .map((c) => Buffer.from(c.toSchema().toBER()));
}

/** The file with the objects appended, a cross-reference section for them and a trailer pointing back. */
function incrementalUpdate(
  base: Buffer,
  objects: Array<{ num: number; bytes: Buffer }>,
  trailer: { size: number; root: PDFRef; info?: string; id?: string },
): Buffer {
  const text = base.toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  if (!Number.isFinite(prev)) throw new Error('the sealed file has no cross-reference offset');
  const parts: Buffer[] = [base];
  let offset = base.length;
  const offsets = new Map<number, number>();
  for (const object of objects) {
    offsets.set(object.num, offset);
    parts.push(object.bytes);
    offset += object.bytes.length;
  }
  const nums = [...offsets.keys()].sort((x, y) => x - y);
  let xref = 'xref\n';
  for (let i = 0; i < nums.length;) {
    let j = i;
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++;
    xref += `${nums[i]} ${j - i + 1}\n`;
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(nums[k]!)).padStart(10, '0')} 00000 n \n`;
    i = j + 1;
  }
  xref += `trailer\n<< /Size ${trailer.size} /Root ${trailer.root.toString()}${trailer.info ? ` /Info ${trailer.info}` : ''}${
    trailer.id ? ` /ID ${trailer.id}` : ''
  } /Prev ${prev} >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
