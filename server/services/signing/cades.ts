import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealCredentials } from './seal-key.js';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

export const arrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

export const sha256 = (...parts: Uint8Array[]): Buffer => {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const parseCertificate = (der: Uint8Array): pkijs.Certificate => pkijs.Certificate.fromBER(arrayBuffer(der));

/** The signed attributes as they are signed: DER with the SET tag in place of the implicit [0]. */
export function signedAttributesDer(attrs: pkijs.SignedAndUnsignedAttributes): Buffer {
  const der = Buffer.from(attrs.toSchema().toBER());
  der[0] = 0x31;
  return der;
}

/** ESS signing-certificate-v2 (RFC 5035): the seal certificate's SHA-256 and issuer/serial, bound into what is signed. */
export function signingCertificateV2(certDer: Uint8Array, cert: pkijs.Certificate): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new pkijs.GeneralName({ type: 4, value: cert.issuer }).toSchema()] }),
      cert.serialNumber,
    ],
  });
  // The hash algorithm is left out: SHA-256 is its default.
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(certDer)) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** A timestamp authority's answer for the signature value: adds it to the CMS as an unsigned attribute. */
export type Stamper = (signatureValue: Buffer) => Promise<Buffer>;

/**
 * A detached CAdES signature over `content` (PAdES B-B): SHA-256, content type, message digest and
 * ESS signing-certificate-v2 signed, no signing time (the PDF's /M holds it). With a stamper, the
 * signature value gets an RFC 3161 timestamp token as the unsigned attribute
 * id-aa-signatureTimeStampToken (PAdES B-T).
 */
export async function cadesDetached(content: Buffer, seal: SealCredentials, stamp?: Stamper): Promise<Buffer> {
  const certDer = seal.chain[0]!;
  const cert = parseCertificate(certDer);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(content)) })],
      }),
      new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(certDer, cert)] }),
    ],
  });
  const ec = seal.privateKey.asymmetricKeyType === 'ec';
  const signature = crypto.sign('sha256', signedAttributesDer(signedAttrs), seal.privateKey);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
    signedAttrs,
    signatureAlgorithm: ec
      ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
      : new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: arrayBuffer(signature) }),
  });
  if (stamp) {
    const token = await stamp(signature);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [
        new pkijs.Attribute({
          type: OID.signatureTimeStampToken,
          values: [asn1js.fromBER(arrayBuffer(token)).result],
        }),
      ],
    });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: seal.chain.map(parseCertificate),
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(contentInfo.toSchema().toBER());
}
