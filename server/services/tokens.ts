import crypto from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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

  constructor(
    secrets: { access: string; refresh: string },
    private readonly accessTtlSec: number,
  ) {
    this.accessKey = new TextEncoder().encode(secrets.access);
    this.refreshKey = Buffer.from(secrets.refresh);
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
