import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { NOTIFICATION_KINDS, type NotificationKind } from '@shared/notifications.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import { AppError } from '../errors.js';

export interface AccessClaims {
  userId: number;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** Signs and checks access tokens (JWT, HS256) and hashes opaque refresh tokens. */
export class TokenService {
  private readonly accessKey: Buffer;
  private readonly refreshKey: Buffer;
  /** Its own key, derived from the refresh secret, so an unsubscribe signature is never a refresh hash. */
  private readonly unsubscribeKey: Buffer;

  constructor(
    secrets: { access: string; refresh: string },
    private readonly accessTtlSec: number,
  ) {
    this.accessKey = Buffer.from(secrets.access);
    this.refreshKey = Buffer.from(secrets.refresh);
    this.unsubscribeKey = crypto.createHmac('sha256', this.refreshKey).update('unsubscribe-links').digest();
  }

  /**
   * An access token of the session. Issued for a stored refresh token (`issued`: that row's id and
   * creation time), the same row always gives the same token, so a repeated refresh can answer it again.
   */
  async signAccess(userId: number, sessionId: string, issued?: { id: number; at: Date }): Promise<string> {
    const iat = Math.floor((issued?.at.getTime() ?? Date.now()) / 1000);
    return (
      new SignJWT({ sid: sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        // A unique id: two tokens issued in the same second (a login then a refresh) still differ.
        .setJti(issued ? `${sessionId}.${issued.id}` : crypto.randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + this.accessTtlSec)
        .sign(this.accessKey)
    );
  }

  /**
   * The refresh token that replaces `previous` on rotation: derived with the refresh key, so the same
   * token presented twice (two tabs, a network retry) can be answered with the same new pair, and
   * no one without the key can work it out.
   */
  nextRefresh(previous: string): string {
    return crypto.createHmac('sha256', this.refreshKey).update(`rotation:${previous}`).digest('base64url');
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    const claims = this.accessClaims(token);
    const userId = Number(claims.sub);
    if (claims.typ !== 'access' || !Number.isInteger(userId) || typeof claims.sid !== 'string') throw invalidToken();
    return { userId, sessionId: claims.sid, exp: claims.exp };
  }

  /**
   * The claims of an unexpired HS256 token signed with the access secret. Checked here with node:crypto
   * rather than with jose, whose Web Crypto check costs a thread-pool round trip on every request. Only
   * the canonical encoding of the signature is accepted, and only a header that asks for nothing but
   * HS256.
   */
  private accessClaims(token: string): Record<string, unknown> & { exp: number } {
    const [header, payload, signature, ...rest] = token.split('.');
    if (rest.length || !header || !payload || !signature) throw invalidToken();
    const expected = crypto.createHmac('sha256', this.accessKey).update(`${header}.${payload}`).digest('base64url');
    if (signature.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
      throw invalidToken();
    const head = jsonObject(header);
    if (head?.alg !== 'HS256' || 'crit' in head || 'b64' in head) throw invalidToken();
    const claims = jsonObject(payload);
    const now = Math.floor(Date.now() / 1000);
    if (!claims || typeof claims.exp !== 'number' || (claims.nbf !== undefined && !(Number(claims.nbf) <= now)))
      throw invalidToken();
    if (claims.exp <= now) throw AppError.unauthorized('token_expired', 'Token is expired');
    return claims as Record<string, unknown> & { exp: number };
  }

  /**
   * An unsubscribe link's token: the user and the kinds of e-mail it turns off, signed. It works without
   * signing in and does not expire (a mail read months later must still stop the next one); it can do
   * nothing but turn those e-mails off.
   */
  signUnsubscribe(userId: number, kinds: readonly NotificationKind[]): string {
    const payload = `${encodeUid(userId)}.${[...new Set(kinds)].sort().join('-')}`;
    return `${payload}.${this.unsubscribeMac(payload)}`;
  }

  /** The user and kinds of a token this service signed, or null for anything else. */
  verifyUnsubscribe(token: string): { userId: number; kinds: NotificationKind[] } | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [uid, list, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.unsubscribeMac(`${uid}.${list}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const userId = decodeUid(uid);
    const kinds = list.split('-');
    if (!userId || !kinds.every((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k)))
      return null;
    return { userId, kinds };
  }

  private unsubscribeMac(payload: string): string {
    return crypto.createHmac('sha256', this.unsubscribeKey).update(payload).digest('base64url');
  }

  /** Refresh tokens are opaque; only their keyed hash is stored. */
  hashRefresh(token: string): string {
    return crypto.createHmac('sha256', this.refreshKey).update(token).digest('hex');
  }
}

function invalidToken(): AppError {
  return AppError.unauthorized('token_invalid', AUTH_MESSAGES.tokenInvalid);
}

/** A base64url JSON object, or null for anything else. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** The SHA-256 of a string or of a file's bytes, in hex. */
export function sha256(value: string | Uint8Array): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** The uid of invitation and reset links: the user id, base64url-encoded. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  const id = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
