import crypto from 'node:crypto';
import forge from 'node-forge';

/** One digital signature found in a PDF, as a reader checks it. */
export interface FoundSignature {
  /** The digest matches the bytes the signature covers and the signature matches its certificate. */
  valid: boolean;
  /** The signed bytes run from the first byte to the last: nothing was appended after it. */
  coversWholeDocument: boolean;
  /** The common name of the signing certificate, or null when it cannot be read. */
  signer: string | null;
  /** The time of the RFC 3161 timestamp the signature carries (or is), ISO 8601; null when none. */
  timestamp: string | null;
}

const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  commonName: '2.5.4.3',
} as const;

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

type Asn1 = forge.asn1.Asn1;
const kids = (node: Asn1 | undefined): Asn1[] => (node && Array.isArray(node.value) ? (node.value as Asn1[]) : []);
const bytes = (node: Asn1 | undefined): string => (node && typeof node.value === 'string' ? node.value : '');
const oidOf = (node: Asn1 | undefined): string => forge.asn1.derToOid(bytes(node));
const der = (node: Asn1): Buffer => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/**
 * Finds every signature of a PDF by its /ByteRange and checks each the way a reader does: the CMS in
 * /Contents must carry the digest of exactly the bytes the range names, signed by the certificate it
 * holds. A signature whose range does not reach the file's end was followed by a later update.
 * Certificates are not checked against any trust list here: the signer's name is what the
 * certificate says.
 */
export function verifyPdfSignatures(pdf: Buffer): FoundSignature[] {
  const text = pdf.toString('latin1');
  const found: FoundSignature[] = [];
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const coversWholeDocument = a === 0 && c + d === pdf.length;
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length) {
      found.push({ valid: false, coversWholeDocument: false, signer: null, timestamp: null });
      continue;
    }
    const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const hex = text.slice(b, c).replace(/^<|>$/g, '').replace(/\s+/g, '');
    found.push({ ...checkCms(Buffer.from(hex, 'hex'), signed), coversWholeDocument });
  }
  return found;
}

function checkCms(cms: Buffer, content: Buffer): Omit<FoundSignature, 'coversWholeDocument'> {
  try {
    const signedData = parseSignedData(cms);
    const result = checkSignedData(signedData, content);
    const unsigned = signedData.signerInfo.unsignedAttributes;
    const token = unsigned.get(OID.timeStampToken);
    const timestamp = result.tstGenTime ?? (token ? tokenTime(token) : null);
    return { valid: result.valid, signer: result.signer, timestamp };
  } catch {
    return { valid: false, signer: null, timestamp: null };
  }
}

interface SignerInfo {
  serial: string;
  digest: string;
  signedAttributes: Asn1 | null;
  attributes: Map<string, Asn1>;
  unsignedAttributes: Map<string, Asn1>;
  signature: Buffer;
}

interface SignedData {
  eContentType: string;
  eContent: Buffer | null;
  certificates: crypto.X509Certificate[];
  signerInfo: SignerInfo;
}

function parseSignedData(cms: Buffer): SignedData {
  // /Contents is padded with zeros after the DER: read only the DER's own length.
  const root = forge.asn1.fromDer(forge.util.createBuffer(cms.subarray(0, derLength(cms)).toString('binary')));
  const [contentType, explicit] = kids(root);
  if (oidOf(contentType) !== '1.2.840.113549.1.7.2') throw new Error('not SignedData');
  const body = kids(kids(explicit)[0]);
  const encap = kids(body[2]);
  const eContentType = oidOf(encap[0]);
  const eContentNode = encap[1] ? kids(encap[1])[0] : undefined;
  const eContent = eContentNode ? Buffer.from(octets(eContentNode), 'binary') : null;
  const certificates: crypto.X509Certificate[] = [];
  let signerInfos: Asn1 | undefined;
  for (const node of body.slice(3)) {
    if (node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0)
      for (const cert of kids(node)) certificates.push(new crypto.X509Certificate(der(cert)));
    else if (node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.SET) signerInfos = node;
  }
  const info = kids(kids(signerInfos)[0]);
  const sid = kids(info[1]);
  const serial = forge.util
    .bytesToHex(bytes(sid[1]))
    .replace(/^(00)+(?=.)/, '')
    .toUpperCase();
  let i = 3;
  let signedAttributes: Asn1 | null = null;
  if (info[i]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && info[i]?.type === 0) signedAttributes = info[i++]!;
  i++; // signatureAlgorithm
  const signature = Buffer.from(bytes(info[i++]), 'binary');
  const unsigned = info[i]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && info[i]?.type === 1 ? info[i] : undefined;
  return {
    eContentType,
    eContent,
    certificates,
    signerInfo: {
      serial,
      digest: DIGESTS[oidOf(kids(info[2])[0])] ?? '',
      signedAttributes,
      attributes: attributeMap(signedAttributes ?? undefined),
      unsignedAttributes: attributeMap(unsigned),
      signature,
    },
  };
}

/** The length of the DER value at the start of `body`, header included. */
function derLength(body: Buffer): number {
  const first = body[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (body[2 + i] ?? 0);
  return Math.min(body.length, 2 + count + length);
}

/** An OCTET STRING's bytes, constructed (BER) or not. */
function octets(node: Asn1): string {
  return typeof node.value === 'string' ? node.value : kids(node).map(octets).join('');
}

function attributeMap(node: Asn1 | undefined): Map<string, Asn1> {
  const map = new Map<string, Asn1>();
  for (const attribute of kids(node)) {
    const [type, values] = kids(attribute);
    const first = kids(values)[0];
    if (type && first) map.set(oidOf(type), first);
  }
  return map;
}

function checkSignedData(
  data: SignedData,
  content: Buffer,
): { valid: boolean; signer: string | null; tstGenTime: string | null } {
  const { signerInfo } = data;
  const certificate =
    data.certificates.find(
      (cert) => cert.serialNumber.replace(/^(00)+(?=.)/, '').toUpperCase() === signerInfo.serial,
    ) ?? null;
  const signer = certificate ? commonName(certificate) : null;
  if (!certificate || !signerInfo.digest) return { valid: false, signer, tstGenTime: null };
  const hash = (body: Buffer) => crypto.createHash(signerInfo.digest).update(body).digest();

  // A document timestamp signs its TSTInfo, whose message imprint is the digest of the PDF's bytes.
  let tstGenTime: string | null = null;
  let documentMatches: boolean;
  if (data.eContentType === OID.tstInfo && data.eContent) {
    const tst = parseTstInfo(data.eContent);
    tstGenTime = tst.genTime;
    documentMatches = crypto.createHash(tst.digest).update(content).digest().equals(tst.imprint);
    content = data.eContent;
  } else {
    documentMatches = true;
  }

  let signedBytes: Buffer;
  if (signerInfo.signedAttributes) {
    const digest = signerInfo.attributes.get(OID.messageDigest);
    if (!digest || !Buffer.from(bytes(digest), 'binary').equals(hash(content)))
      return { valid: false, signer, tstGenTime };
    // The signature covers the attributes encoded as a SET, not as the [0] they are stored under.
    const set = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.SET,
      true,
      kids(signerInfo.signedAttributes),
    );
    signedBytes = der(set);
  } else {
    signedBytes = content;
  }
  let verified: boolean;
  try {
    verified = crypto.verify(signerInfo.digest, signedBytes, certificate.publicKey, signerInfo.signature);
  } catch {
    verified = false;
  }
  return { valid: verified && documentMatches, signer, tstGenTime };
}

function parseTstInfo(body: Buffer): { digest: string; imprint: Buffer; genTime: string | null } {
  const tst = kids(forge.asn1.fromDer(forge.util.createBuffer(body.toString('binary'))));
  const imprint = kids(tst[2]);
  return {
    digest: DIGESTS[oidOf(kids(imprint[0])[0])] ?? 'sha256',
    imprint: Buffer.from(bytes(imprint[1]), 'binary'),
    genTime: generalizedTime(bytes(tst[4])),
  };
}

/** The time of a signature timestamp token (an unsigned attribute of the signature). */
function tokenTime(token: Asn1): string | null {
  try {
    const data = parseSignedData(der(token));
    return data.eContent ? parseTstInfo(data.eContent).genTime : null;
  } catch {
    return null;
  }
}

/** "20261127103000Z" or with fractions, to ISO 8601. */
function generalizedTime(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\.\d+)?Z$/.exec(value);
  if (!m) return null;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ''}Z`).toISOString();
}

function commonName(certificate: crypto.X509Certificate): string | null {
  const line = certificate.subject.split('\n').find((part) => part.startsWith('CN='));
  return line ? line.slice(3) : null;
}
