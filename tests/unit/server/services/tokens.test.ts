import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AppError } from '@server/errors.js';
import { decodeUid, encodeUid, randomToken, sha256, TokenService } from '@server/services/tokens.js';

const secrets = { access: 'a'.repeat(48), refresh: 'r'.repeat(48) };
const key = new TextEncoder().encode(secrets.access);

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('uid', () => {
  it('round-trips user ids', () => {
    for (const id of [1, 42, 1234567]) expect(decodeUid(encodeUid(id))).toBe(id);
    expect(encodeUid(1)).toBe('MQ');
  });

  it('rejects what is not a positive integer id', () => {
    expect(decodeUid('')).toBeNull();
    expect(decodeUid('not-a-uid!')).toBeNull();
    expect(decodeUid(Buffer.from('0').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('-3').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('1.5').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('99999999999999999999').toString('base64url'))).toBeNull();
  });
});

describe('access tokens', () => {
  const tokens = new TokenService(secrets, 900);

  it('differ even when issued in the same second for the same session (a login, then a refresh)', async () => {
    const first = await tokens.signAccess(7, 'family-1');
    const second = await tokens.signAccess(7, 'family-1');
    expect(second).not.toBe(first);
  });

  it('carry the user and the session and expire after the TTL', async () => {
    const before = Math.floor(Date.now() / 1000);
    const claims = await tokens.verifyAccess(await tokens.signAccess(7, 'family-1'));
    expect(claims.userId).toBe(7);
    expect(claims.sessionId).toBe('family-1');
    expect(claims.exp).toBeGreaterThanOrEqual(before + 900);
    expect(claims.exp).toBeLessThanOrEqual(before + 901);
  });

  it('are refused when expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ sid: 's', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(key);
    const err = await rejection(tokens.verifyAccess(expired));
    expect(err.status).toBe(401);
    expect(err.body.detail).toBe('Token is expired');
  });

  it('are refused when tampered with', async () => {
    const token = await tokens.signAccess(7, 's');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const err = await rejection(tokens.verifyAccess(`${header}.${forged}.${signature}`));
    expect(err.status).toBe(401);
    expect(err.body.detail).toBe('Given token not valid for any token type');
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expect((await rejection(tokens.verifyAccess(`${header}.${payload}.${flipped}`))).status).toBe(401);
  });

  it('are refused when signed with another secret, unsigned, or not an access token', async () => {
    const other = new TokenService({ access: 'b'.repeat(48), refresh: secrets.refresh }, 900);
    expect((await rejection(tokens.verifyAccess(await other.signAccess(7, 's')))).body.detail).toBe(
      'Given token not valid for any token type',
    );

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: '7', sid: 's', typ: 'access', exp: 9e9 })).toString('base64url')}.`;
    expect((await rejection(tokens.verifyAccess(none))).status).toBe(401);

    const refreshTyped = await new SignJWT({ sid: 's', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setExpirationTime('5m')
      .sign(key);
    expect((await rejection(tokens.verifyAccess(refreshTyped))).status).toBe(401);

    const noSid = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setExpirationTime('5m')
      .sign(key);
    expect((await rejection(tokens.verifyAccess(noSid))).status).toBe(401);

    const badSub = await new SignJWT({ sid: 's', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('abc')
      .setExpirationTime('5m')
      .sign(key);
    expect((await rejection(tokens.verifyAccess(badSub))).status).toBe(401);

    expect((await rejection(tokens.verifyAccess('garbage'))).status).toBe(401);
  });

  it('are refused with a header, an encoding or claims the service does not issue', async () => {
    const claims = { sid: 's', typ: 'access' };
    // Signed by hand: jose will not sign a header with an extension it does not know.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signing = `${part({ alg: 'HS256', crit: ['x'], x: 1 })}.${part({ ...claims, sub: '7', exp: 9e9 })}`;
    const critical = `${signing}.${crypto.createHmac('sha256', key).update(signing).digest('base64url')}`;
    const notYet = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setNotBefore('5m')
      .setExpirationTime('10m')
      .sign(key);
    const noExpiry = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('7').sign(key);
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('7')
      .setExpirationTime('5m')
      .sign(key);
    const good = await tokens.signAccess(7, 's');
    for (const token of [critical, notYet, noExpiry, other, `${good}=`, `${good}.x`, good.replace('.', '..')])
      expect((await rejection(tokens.verifyAccess(token))).body.detail).toBe(
        'Given token not valid for any token type',
      );
    expect((await tokens.verifyAccess(good)).userId).toBe(7);
  });
});

describe('refresh token hashing and random tokens', () => {
  it('hashes refresh tokens with the secret', () => {
    const a = new TokenService(secrets, 900);
    const b = new TokenService({ ...secrets, refresh: 'x'.repeat(48) }, 900);
    expect(a.hashRefresh('t')).toBe(a.hashRefresh('t'));
    expect(a.hashRefresh('t')).not.toBe(b.hashRefresh('t'));
    expect(a.hashRefresh('t')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes url-safe random tokens of the asked size', () => {
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(12)).toHaveLength(16);
    expect(randomToken()).not.toBe(randomToken());
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('unsubscribe tokens', () => {
  const tokens = new TokenService(secrets, 900);

  it('name the user and the kinds they turn off', () => {
    const token = tokens.signUnsubscribe(42, ['outcomes', 'negotiation']);
    expect(token).toMatch(/^[\w-]+\.negotiation-outcomes\.[\w-]{43}$/);
    expect(tokens.verifyUnsubscribe(token)).toEqual({ userId: 42, kinds: ['negotiation', 'outcomes'] });
    expect(tokens.verifyUnsubscribe(tokens.signUnsubscribe(7, ['negotiation']))).toEqual({
      userId: 7,
      kinds: ['negotiation'],
    });
  });

  it('refuse a token whose user, kinds or signature was changed, or signed with other secrets', () => {
    const [uid, kinds, mac] = tokens.signUnsubscribe(42, ['negotiation']).split('.') as [string, string, string];
    for (const bad of [
      `${encodeUid(43)}.${kinds}.${mac}`,
      `${uid}.outcomes.${mac}`,
      `${uid}.negotiation-outcomes.${mac}`,
      `${uid}.${kinds}.${mac.slice(0, -1)}A`,
      `${uid}.${kinds}`,
      `${uid}.${kinds}.${mac}.x`,
      '',
    ])
      expect(tokens.verifyUnsubscribe(bad)).toBeNull();
    const other = new TokenService({ ...secrets, refresh: 's'.repeat(48) }, 900);
    expect(other.verifyUnsubscribe(`${uid}.${kinds}.${mac}`)).toBeNull();
  });

  it('refuse kinds that do not exist, even when signed', () => {
    const forged = tokens.signUnsubscribe(42, ['everything' as never]);
    expect(tokens.verifyUnsubscribe(forged)).toBeNull();
  });

  it('are not the keyed hash of a refresh token with the same text', () => {
    const token = tokens.signUnsubscribe(42, ['negotiation']);
    const payload = token.split('.').slice(0, 2).join('.');
    expect(token.endsWith(Buffer.from(tokens.hashRefresh(payload), 'hex').toString('base64url'))).toBe(false);
  });
});
