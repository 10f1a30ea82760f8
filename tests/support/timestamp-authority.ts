import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';
import {
  arrayBuffer,
  OID,
  parseCertificate,
  sha256,
  signedAttributesDer,
  signingCertificateV2,
} from '@server/services/signing/cades.js';

export interface TestCertificate {
  der: Buffer;
  pem: string;
  key: crypto.KeyObject;
  forgeCert: forge.pki.Certificate;
}

const toPem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;

/** A certificate for tests: a root CA (no issuer) or one it issues, with the extensions given. */
export function testCertificate(
  commonName: string,
  issuer: TestCertificate | null,
  extensions: object[],
): TestCertificate {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'NDA Workspace tests' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.forgeCert.subject.attributes : subject);
  cert.setExtensions(extensions);
  const signingKey = issuer?.key ?? privateKey;
  cert.sign(
    forge.pki.privateKeyFromPem(signingKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forge.md.sha256.create(),
  );
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return { der, pem: toPem(der), key: privateKey, forgeCert: cert };
}

export interface TimestampAuthority {
  url: string;
  /** The root the TSA's certificate chains to, PEM: what a validator trusts for the timestamps. */
  rootPem: string;
  /** Timestamp requests answered with a token. */
  answered: number;
  /** Stops answering: the port is closed, as when the authority is down. */
  down(): Promise<void>;
  /** Answers again, on the same address. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local RFC 3161 timestamp authority over HTTP: a root CA generated at start, a TSA certificate it
 * issues (extended key usage timeStamping, critical), and tokens signed with SHA-256 carrying ESS
 * signing-certificate-v2, the request's nonce and the current time.
 */
export async function startTimestampAuthority(): Promise<TimestampAuthority> {
  const root = testCertificate('Test timestamp root', null, [
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  const tsa = testCertificate('Test timestamp authority', root, [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
  ]);
  let serial = 1;
  const state = { answered: 0 };

  const token = (request: pkijs.TimeStampReq): Buffer => {
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.55555.1.1',
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime: new Date(Math.floor(Date.now() / 1000) * 1000),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const tstDer = Buffer.from(tstInfo.toSchema().toBER());
    const tsaCert = parseCertificate(tsa.der);
    const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
        new pkijs.Attribute({
          type: OID.messageDigest,
          values: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(tstDer)) })],
        }),
        new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(tsa.der, tsaCert)] }),
      ],
    });
    const signature = crypto.sign('sha256', signedAttributesDer(signedAttrs), tsa.key);
    const signedData = new pkijs.SignedData({
      version: 3,
      digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: arrayBuffer(tstDer) }),
      }),
      certificates: request.certReq ? [tsaCert, parseCertificate(root.der)] : [],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: tsaCert.issuer, serialNumber: tsaCert.serialNumber }),
          digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
          signedAttrs,
          signatureAlgorithm: new pkijs.AlgorithmIdentifier({
            algorithmId: OID.rsaEncryption,
            algorithmParams: new asn1js.Null(),
          }),
          signature: new asn1js.OctetString({ valueHex: arrayBuffer(signature) }),
        }),
      ],
    });
    // pkijs writes eContent as a constructed OCTET STRING; timestamp tokens carry it primitive (DER).
    const schema = signedData.toSchema(true) as asn1js.Sequence;
    schema.valueBlock.value[2] = new asn1js.Sequence({
      value: [
        new asn1js.ObjectIdentifier({ value: OID.tstInfo }),
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: [new asn1js.OctetString({ valueHex: arrayBuffer(tstDer) })],
        }),
      ],
    });
    const contentInfo = new asn1js.Sequence({
      value: [
        new asn1js.ObjectIdentifier({ value: OID.signedData }),
        new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [schema] }),
      ],
    });
    const status = new pkijs.PKIStatusInfo({ status: 0 }).toSchema();
    return Buffer.from(new asn1js.Sequence({ value: [status, contentInfo] }).toBER());
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        const request = pkijs.TimeStampReq.fromBER(arrayBuffer(Buffer.concat(chunks)));
        const body = token(request);
        state.answered++;
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(body);
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    rootPem: root.pem,
    get answered() {
      return state.answered;
    },
    down: close,
    up: () => listen(port),
    close: async () => {
      if (server.listening) await close();
    },
  };
}
