/**
 * The one rule for what the product accepts as an e-mail address, wherever one is typed, uploaded or
 * configured: at most 254 characters; a local part of letters, digits and the plain symbols of
 * RFC 5322 (no quotes, no spaces, no control characters, no backslash), dots only between them; a
 * domain of at least two labels of letters, digits and inner hyphens, the last a name of 2+ letters.
 * Addresses outside it (quoted local parts, IP-literal domains) are legal on paper but not taken:
 * they are what header injection and look-alike tricks are made of.
 */
export const MAX_EMAIL = 254;

const ATOM = '[\\p{L}\\p{N}!#$%&*+/=?^_{|}~-]+';
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const EMAIL_RE = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+\\p{L}{2,63}$`, 'u');

export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_EMAIL) return false;
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && EMAIL_RE.test(value);
}
