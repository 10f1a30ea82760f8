import crypto from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, OID, sha256, signedAttributesDer } from './cades.js';
import { readTstInfo } from './timestamp-client.js';

/** One signature of a PDF, as its bytes say: what it is, who made it, whether it holds. */
export interface PdfSignature {
  /** ETSI.CAdES.detached for the seal, ETSI.RFC3161 for a document timestamp. */
  subFilter: string | null;
  byteRange: [number, number, number, number];
  /** The signed ranges end at the end of the file: nothing was appended after this signature. */
  coversWholeDocument: boolean;
  /** The hash of the signed ranges matches the CMS, and the CMS signature verifies with its certificate. */
  valid: boolean;
  /** The signing certificate's subject common name (the TSA's, for a document timestamp). */
  signer: string | null;
  /** The signing certificate, DER. */
  certificate: Buffer | null;
  /** Every certificate the CMS carries, DER. */
  certificates: Buffer[];
  signedAttributes: string[];
  unsignedAttributes: string[];
  /** The trusted time: the signature timestamp token's (or the document timestamp's) genTime. */
  timestamp: Date | null;
  /** The DER timestamp token: the seal's signature timestamp, or the document timestamp itself. */
  timestampToken: Buffer | null;
  /** The signature dictionary's /M, when it has one. */
  claimedTime: string | null;
}

const commonName = (cert: pkijs.Certificate): string | null => {
  const cn = cert.subject.typesAndValues.find((tv) => tv.type === '2.5.4.3');
  return cn ? String(cn.value.valueBlock.value) : null;
};

/** The raw byte ranges and contents of each /ByteRange in the file, in file order. */
function findSignatureRanges(pdf: Buffer): Array<{ byteRange: [number, number, number, number]; at: number }> {
  const found: Array<{ byteRange: [number, number, number, number]; at: number }> = [];
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  const text = pdf.toString('latin1');
  for (let m = pattern.exec(text); m; m = pattern.exec(text))
    found.push({ byteRange: [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])], at: m.index });
  return found;
}

/** A name or string of the signature dictionary around `at` (keys are written near /ByteRange). */
function dictEntry(pdf: Buffer, at: number, key: string, kind: 'name' | 'string'): string | null {
  const start = Math.max(0, pdf.lastIndexOf('obj', at));
  const end = pdf.indexOf('endobj', at);
  const dict = pdf.subarray(start, end === -1 ? at + 2000 : end).toString('latin1');
  const pattern =
    kind === 'name' ? new RegExp(`/${key}\\s*/([^\\s/<>\\[\\]()]+)`) : new RegExp(`/${key}\\s*\\(([^)]*)\\)`);
  return pattern.exec(dict)?.[1] ?? null;
}

function verifySignerInfo(
  signedData: pkijs.SignedData,
  content: Buffer,
): { valid: boolean; cert: pkijs.Certificate | null } {
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return { valid: false, cert: null };
  const sid = signerInfo.sid as pkijs.IssuerAndSerialNumber;
  const certs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const cert = certs.find((c) => c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer)) ?? null;
  if (!cert || !signerInfo.signedAttrs) return { valid: false, cert };
  const digestAttr = signerInfo.signedAttrs.attributes.find((a) => a.type === OID.messageDigest);
  const digest = digestAttr ? Buffer.from((digestAttr.values[0] as asn1js.OctetString).valueBlock.valueHexView) : null;
  if (!digest?.equals(sha256(content))) return { valid: false, cert };
  const publicKey = crypto.createPublicKey({
    key: Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER()),
    format: 'der',
    type: 'spki',
  });
  const valid = crypto.verify(
    'sha256',
    signedAttributesDer(signerInfo.signedAttrs),
    publicKey,
    Buffer.from(signerInfo.signature.valueBlock.valueHexView),
  );
  return { valid, cert };
}

/**
 * Reads every signature of a PDF (the seal, document timestamps) and checks each against the bytes it
 * signs: the hash and the CMS signature for the seal, the stamped hash for a document timestamp. It
 * says nothing of trust in the certificates: a validator with the seal's (or a CA's) certificate does.
 */
export function readPdfSignatures(pdf: Buffer): PdfSignature[] {
  return findSignatureRanges(pdf).map(({ byteRange, at }) => {
    const [a, b, c, d] = byteRange;
    const base: PdfSignature = {
      subFilter: dictEntry(pdf, at, 'SubFilter', 'name'),
      byteRange,
      coversWholeDocument: c + d === pdf.length && a === 0,
      valid: false,
      signer: null,
      certificate: null,
      certificates: [],
      signedAttributes: [],
      unsignedAttributes: [],
      timestamp: null,
      timestampToken: null,
      claimedTime: dictEntry(pdf, at, 'M', 'string'),
    };
    if (c + d > pdf.length || b > c) return base;
    try {
      const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
      const der = Buffer.from(hex, 'hex');
      const contentInfo = pkijs.ContentInfo.fromBER(arrayBuffer(der.subarray(0, asn1Length(der))));
      const signedData = new pkijs.SignedData({ schema: contentInfo.content });
      const content = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
      const signerInfo = signedData.signerInfos[0];
      base.certificates = (signedData.certificates ?? [])
        .filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate)
        .map((x) => Buffer.from(x.toSchema().toBER()));
      base.signedAttributes = signerInfo?.signedAttrs?.attributes.map((x) => x.type) ?? [];
      base.unsignedAttributes = signerInfo?.unsignedAttrs?.attributes.map((x) => x.type) ?? [];
      const { valid, cert } = verifySignerInfo(
        signedData,
        signedData.encapContentInfo.eContentType === OID.tstInfo
          ? Buffer.from(signedData.encapContentInfo.eContent!.getValue())
          : content,
      );
      base.signer = cert ? commonName(cert) : null;
      base.certificate = cert ? Buffer.from(cert.toSchema().toBER()) : null;
      if (signedData.encapContentInfo.eContentType === OID.tstInfo) {
        // A document timestamp: the token itself stamps the hash of the signed ranges.
        const info = readTstInfo(der.subarray(0, asn1Length(der)));
        base.valid = valid && info.imprint.equals(sha256(content));
        base.timestamp = info.genTime;
        base.timestampToken = der.subarray(0, asn1Length(der));
      } else {
        base.valid = valid;
        const tokenAttr = signerInfo?.unsignedAttrs?.attributes.find((x) => x.type === OID.signatureTimeStampToken);
        if (tokenAttr) {
          const token = Buffer.from(tokenAttr.values[0]!.toBER());
          const info = readTstInfo(token);
          // The token must stamp this signature's value.
          if (info.imprint.equals(sha256(Buffer.from(signerInfo!.signature.valueBlock.valueHexView)))) {
            base.timestamp = info.genTime;
            base.timestampToken = token;
          }
        }
      }
    } catch {
      base.valid = false;
    }
    return base;
  });
}

/** The length of the DER value at the start of `der`, header included (the rest is the zero padding). */
function asn1Length(der: Buffer): number {
  if (der[1]! < 0x80) return 2 + der[1]!;
  const n = der[1]! & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + der[2 + i]!;
  return 2 + n + len;
}
