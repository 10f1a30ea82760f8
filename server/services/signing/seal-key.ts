import crypto from 'node:crypto';
import forge from 'node-forge';
import type { SigningKey } from './signing-key.js';

/** The seal's private key and its certificate chain (the seal's own certificate first), from its P12. */
export interface SealCredentials {
  privateKey: crypto.KeyObject;
  /** DER certificates: the seal's first, then any issuers the P12 carries. */
  chain: Buffer[];
}

export function openSealKey(key: SigningKey): SealCredentials {
  // A worker receives the P12 as a plain Uint8Array (structured clone).
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(key.p12).toString('binary')));
  const p12 = forge.pkcs12.pkcs12FromAsn1(asn1, key.passphrase);
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)];
  const forgeKey = keyBags.find((bag) => bag.key)?.key;
  if (!forgeKey) throw new Error('the seal P12 holds no private key');
  const privateKey = crypto.createPrivateKey(forge.pki.privateKeyToPem(forgeKey));
  const certs = bags(forge.pki.oids.certBag!)
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => !!cert);
  const der = (cert: forge.pki.Certificate) =>
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  // The seal's certificate is the one whose public key matches the private key.
  const publicPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const own = certs.find(
    (cert) =>
      crypto
        .createPublicKey(forge.pki.publicKeyToPem(cert.publicKey))
        .export({ type: 'spki', format: 'pem' })
        .toString() === publicPem,
  );
  if (!own) throw new Error('the seal P12 holds no certificate for its private key');
  return { privateKey, chain: [der(own), ...certs.filter((cert) => cert !== own).map(der)] };
}
