import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface SigningKey {
  p12: Buffer;
  passphrase: string;
}

/**
 * The certificate that seals signed NDAs: a P12 from configuration, or one generated on first start
 * (self-signed, 10 years) and kept under DATA_DIR/secrets so every server of a deployment seals alike.
 */
export function loadSigningKey(options: {
  p12Path?: string;
  passphrase?: string;
  dataDir: string;
  organisation: string;
}): SigningKey {
  if (options.p12Path) return { p12: fs.readFileSync(options.p12Path), passphrase: options.passphrase ?? '' };
  const dir = path.join(options.dataDir, 'secrets');
  const file = path.join(dir, 'signing.p12');
  const passFile = path.join(dir, 'signing.pass');
  if (fs.existsSync(file) && fs.existsSync(passFile))
    return { p12: fs.readFileSync(file), passphrase: fs.readFileSync(passFile, 'utf8').trim() };
  const passphrase = crypto.randomBytes(24).toString('base64url');
  const p12 = generateSelfSignedP12(options.organisation, passphrase);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(passFile, passphrase, { mode: 0o600 });
  fs.writeFileSync(file, p12, { mode: 0o600 });
  return { p12, passphrase };
}

export function generateSelfSignedP12(organisation: string, passphrase: string): Buffer {
  // Node generates the RSA key natively (forge's pure-JS keygen takes seconds).
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = crypto
    .randomBytes(8)
    .toString('hex')
    .replace(/^[89a-f]/, '1');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const attrs = [
    { name: 'commonName', value: `${organisation} document seal` },
    { name: 'organizationName', value: organisation },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
