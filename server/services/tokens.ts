import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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
  private readonly accessKey: Uint8Array;
  private readonly refreshKey: Buffer;
  /** Its own key, derived from the refresh secret, so an unsubscribe signature is never a refresh hash. */
  private readonly unsubscribeKey: Buffer;

  constructor(
    secrets: { access: string; refresh: string },
    private readonly accessTtlSec: number,
  ) {
    this.accessKey = new TextEncoder().encode(secrets.access);
    this.refreshKey = Buffer.from(secrets.refresh);
    this.unsubscribeKey = crypto.createHmac('sha256', this.refreshKey).update('unsubscribe-links').digest();
  }

  async signAccess(userId: number, sessionId: string): Promise<string> {
    return (
      new SignJWT({ sid: sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        // A unique id: two tokens issued in the same second (a login then a refresh) still differ.
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${this.accessTtlSec}s`)
        .sign(this.accessKey)
    );
  }

  async verifyAccess(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.accessKey, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isInteger(userId) || typeof payload.sid !== 'string')
        throw new Error('claims');
      return { userId, sessionId: payload.sid, exp: payload.exp ?? 0 };
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      throw AppError.unauthorized(expired ? 'Token is expired' : AUTH_MESSAGES.tokenInvalid);
    }
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

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
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
