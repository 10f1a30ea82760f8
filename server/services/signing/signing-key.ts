import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { Db } from '@server/db/connect.js';
import { databaseSecret } from '../app-secrets.js';

const generateKeyPair = promisify(crypto.generateKeyPair);

export interface SigningKey {
  p12: Buffer;
  passphrase: string;
}

/**
 * The certificate that seals signed NDAs: a P12 from configuration, or one generated on first start
 * (self-signed, 10 years) and kept for the whole deployment, so every server process seals alike: in
 * the database on PostgreSQL (`shared`), under DATA_DIR/secrets otherwise. On PostgreSQL a P12 an
 * earlier version kept under DATA_DIR/secrets becomes the stored one.
 */
export async function loadSigningKey(options: {
  p12Path?: string;
  passphrase?: string;
  dataDir: string;
  organisation: string;
  /** With a shared database (several processes), the key is kept in it: one key for the deployment. */
  db?: Db;
  shared?: boolean;
}): Promise<SigningKey> {
  if (options.p12Path)
    return { p12: await fs.promises.readFile(options.p12Path), passphrase: options.passphrase ?? '' };
  const dir = path.join(options.dataDir, 'secrets');
  const file = path.join(dir, 'signing.p12');
  const passFile = path.join(dir, 'signing.pass');
  const fromFiles = (): SigningKey | null =>
    fs.existsSync(file) && fs.existsSync(passFile)
      ? { p12: fs.readFileSync(file), passphrase: fs.readFileSync(passFile, 'utf8').trim() }
      : null;
  const generate = async (): Promise<SigningKey> => {
    const passphrase = crypto.randomBytes(24).toString('base64url');
    return { p12: await generateSelfSignedP12(options.organisation, passphrase), passphrase };
  };
  if (options.shared && options.db) {
    const stored = await databaseSecret(options.db, 'signing-p12', async () => {
      const key = fromFiles() ?? (await generate());
      return JSON.stringify({ p12: key.p12.toString('base64'), passphrase: key.passphrase });
    });
    const { p12, passphrase } = JSON.parse(stored) as { p12: string; passphrase: string };
    return { p12: Buffer.from(p12, 'base64'), passphrase };
  }
  const existing = fromFiles();
  if (existing) return existing;
  const key = await generate();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(passFile, key.passphrase, { mode: 0o600 });
  fs.writeFileSync(file, key.p12, { mode: 0o600 });
  return key;
}

export async function generateSelfSignedP12(organisation: string, passphrase: string): Promise<Buffer> {
  // Node generates the RSA key natively and off the event loop (forge's pure-JS keygen takes seconds).
  const { privateKey, publicKey } = await generateKeyPair('rsa', { modulusLength: 2048 });
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
