import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MAX_AVATAR_BYTES, MAX_SIGNATURE_BYTES } from '@shared/schemas/account.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { bigPdf, call, imagePart, jpegBytes, pngBytes, pngOfSize, smallPdf } from '@tests/support/account-area.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';

// Avatars and signatures: multipart PATCH /me/1/, GET /me/get_my_sign/, GET /me/{userId}/avatar|sign/
// (server/rest/me.ts, multipart.ts, blob-reply.ts, server/commands/account/set-user-image.ts,
// server/queries/account/read-user-image.ts, policies canSeeUserImage / authorizeSignature, services/file-sniff.ts).

const TOO_LARGE = ACCOUNT_MESSAGES.imageTooLarge;

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let signer: TestUser;

const ownerAvatar = pngBytes(64, 64);
const memberAvatar = jpegBytes();
const ownerSign = pngBytes(400, 140);

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([createOwner(t), createOwner(t, { company_name: 'Elsewhere Ltd' })]);
  [member, signer] = await Promise.all([createMember(t, owner), createSigner(t, owner)]);
});
afterAll(async () => {
  await t?.close();
});

const upload = (user: TestUser | null, form: Parameters<typeof imagePart>[], id: number | string = 1) =>
  call(t, 'PATCH', `/me/${id}/`, { access: user?.access ?? null, form: form.map((args) => imagePart(...args)) });
const image = (viewer: TestUser | null, userId: number | string, kind: 'avatar' | 'sign') =>
  call(t, 'GET', `/me/${userId}/${kind}/`, { access: viewer?.access ?? null });
const mySign = (viewer: TestUser | null) => call(t, 'GET', '/me/get_my_sign/', { access: viewer?.access ?? null });
const keysOf = (userId: number) =>
  t.core.db.selectFrom('users').select(['avatarKey', 'signKey']).where('id', '=', userId).executeTakeFirstOrThrow();

function expectImage(res: Awaited<ReturnType<typeof call>>, bytes: Buffer, type: string) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[\w.\- ]+"$/);
  expect(Buffer.compare(res.raw, bytes)).toBe(0);
}

describe('PATCH /me/1/ with an avatar', () => {
  it('stores an owner’s PNG avatar and answers the profile with a versioned avatar URL', async () => {
    const res = await upload(owner, [['avatar', ownerAvatar, 'me.png', 'image/png']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(owner.id);
    expect(res.body.avatar).toMatch(new RegExp(`^/api/v1/me/${owner.id}/avatar/\\?v=\\w+$`));
    expectImage(await image(owner, owner.id, 'avatar'), ownerAvatar, 'image/png');
    // The URL the profile gives works as is (its version query is ignored by the server).
    expectImage(
      await call(t, 'GET', res.body.avatar.replace('/api/v1', ''), { access: owner.access }),
      ownerAvatar,
      'image/png',
    );
  });

  it('stores a team member’s JPEG avatar, typed by its content', async () => {
    const res = await upload(member, [['avatar', memberAvatar, 'photo.jpeg', 'image/jpeg']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.avatar).toContain(`/me/${member.id}/avatar/`);
    expectImage(await image(member, member.id, 'avatar'), memberAvatar, 'image/jpeg');
  });

  it('types a file by its bytes, not its name or declared type (a JPEG named .png is served as JPEG)', async () => {
    const res = await upload(other, [['avatar', jpegBytes(), 'looks-like.png', 'image/png']]);
    expect(res.status).toBe(200);
    expectImage(await image(other, other.id, 'avatar'), jpegBytes(), 'image/jpeg');
  });

  it('refuses a PDF renamed .png (400 on avatar) and keeps the previous avatar', async () => {
    const before = await keysOf(owner.id);
    const res = await upload(owner, [['avatar', smallPdf(), 'avatar.png', 'image/png']]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ avatar: [ACCOUNT_MESSAGES.imageType], code: 'image_invalid' });
    expect(await keysOf(owner.id)).toEqual(before);
    expectImage(await image(owner, owner.id, 'avatar'), ownerAvatar, 'image/png');
  });

  it('refuses other non-images and an empty file (400 on avatar)', async () => {
    for (const body of [Buffer.from('GIF89a-not-really'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const res = await upload(owner, [['avatar', body, 'x.png', 'image/png']]);
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty('avatar');
    }
    const empty = await upload(owner, [['avatar', Buffer.alloc(0), 'x.png', 'image/png']]);
    expect(empty.status).toBe(400);
    expect(empty.body).toHaveProperty('avatar');
  });

  it('answers 413 with the spec’s avatar message for a file over 2 MB (giraffe.pdf, 3.4 MB)', async () => {
    const big = bigPdf();
    expect(big.length).toBeGreaterThan(MAX_AVATAR_BYTES);
    const res = await upload(owner, [['avatar', big, 'giraffe.png', 'image/png']]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ avatar: [TOO_LARGE], code: 'payload_too_large' });
  });

  it('answers 413 for a real PNG just over 2 MB, and the avatar stays the previous one', async () => {
    const res = await upload(owner, [['avatar', pngOfSize(MAX_AVATAR_BYTES + 1024), 'big.png', 'image/png']]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ avatar: [TOO_LARGE], code: 'payload_too_large' });
    expectImage(await image(owner, owner.id, 'avatar'), ownerAvatar, 'image/png');
  });

  it('answers 400 on avatar for a form without a file', async () => {
    const res = await call(t, 'PATCH', '/me/1/', { access: owner.access, form: [] });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('avatar');
  });

  it('updates profile fields sent in the same form', async () => {
    const res = await call(t, 'PATCH', '/me/1/', {
      access: other.access,
      form: [imagePart('avatar', pngBytes()), { name: 'first_name', value: 'Formed' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, firstName: 'Formed' });
    const bad = await call(t, 'PATCH', '/me/1/', {
      access: other.access,
      form: [{ name: 'first_name', value: 'f'.repeat(31) }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      firstName: ['Ensure this field has no more than 30 characters.'],
      code: 'invalid_input',
    });
  });

  it('replaces the previous avatar: new URL, new bytes, the old file removed from the store', async () => {
    const first = await keysOf(other.id);
    const next = pngBytes(20, 20);
    const res = await upload(other, [['avatar', next]]);
    expect(res.status).toBe(200);
    const now = await keysOf(other.id);
    expect(now.avatarKey).not.toBe(first.avatarKey);
    expectImage(await image(other, other.id, 'avatar'), next, 'image/png');
    expect(await t.core.blobs.get(first.avatarKey!)).toBeNull();
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await upload(null, [['avatar', pngBytes()]]);
    expect(res.status).toBe(401);
  });
});

describe('PATCH /me/1/ with a signature', () => {
  it('stores the owner’s PNG signature; GET /me/get_my_sign/ answers it', async () => {
    expect((await mySign(owner)).status).toBe(404);
    const res = await upload(owner, [['sign', ownerSign, 'signature.png', 'image/png']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.sign).toMatch(new RegExp(`^/api/v1/me/${owner.id}/sign/\\?v=\\w+$`));
    const got = await mySign(owner);
    expectImage(got, ownerSign, 'image/png');
    expect(got.headers['content-disposition']).toBe('attachment; filename="signature.png"');
  });

  it('lets a signer save a signature', async () => {
    const png = pngBytes(100, 35);
    const res = await upload(signer, [['sign', png]]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectImage(await mySign(signer), png, 'image/png');
  });

  it('refuses a team member’s signature (403) and stores nothing', async () => {
    const res = await upload(member, [['sign', pngBytes()]]);
    expect(res.status).toBe(403);
    expect((await keysOf(member.id)).signKey).toBeNull();
    expect((await mySign(member)).status).toBe(404);
  });

  it('accepts PNG only: a JPEG or a PDF signature is 400 on sign', async () => {
    for (const [body, name] of [
      [jpegBytes(), 'sign.jpg'],
      [smallPdf(), 'sign.png'],
    ] as const) {
      const res = await upload(owner, [['sign', body, name, 'image/png']]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ sign: [ACCOUNT_MESSAGES.signatureType], code: 'image_invalid' });
    }
    expectImage(await mySign(owner), ownerSign, 'image/png');
  });

  it('answers 413 on sign for a signature over its limit', async () => {
    const res = await upload(owner, [['sign', pngOfSize(MAX_SIGNATURE_BYTES + 1024)]]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ sign: [TOO_LARGE], code: 'payload_too_large' });
  });

  it('GET /me/get_my_sign/: 404 to a user of another company without a signature, 401 to anonymous callers', async () => {
    expect((await mySign(other)).status).toBe(404);
    expect((await mySign(null)).status).toBe(401);
  });

  it('keeps signatures apart: another company’s owner saves theirs, each gets only their own', async () => {
    const theirs = pngBytes(90, 30);
    expect((await upload(other, [['sign', theirs]], owner.id)).status).toBe(200);
    expectImage(await mySign(other), theirs, 'image/png');
    expectImage(await mySign(owner), ownerSign, 'image/png');
  });
});

describe('GET /me/{userId}/avatar/', () => {
  it('is visible within the company: the owner sees the member’s avatar and the member the owner’s', async () => {
    expectImage(await image(owner, member.id, 'avatar'), memberAvatar, 'image/jpeg');
    expectImage(await image(member, owner.id, 'avatar'), ownerAvatar, 'image/png');
  });

  it('is 404 to a user of another company, and to a signer of another company', async () => {
    expect((await image(other, owner.id, 'avatar')).status).toBe(404);
    expect((await image(other, member.id, 'avatar')).status).toBe(404);
    expect((await image(owner, other.id, 'avatar')).status).toBe(404);
    expect((await image(signer, owner.id, 'avatar')).status).toBe(404);
  });

  it('is 401 to anonymous callers', async () => {
    expect((await image(null, owner.id, 'avatar')).status).toBe(401);
  });

  it('is 404 for a user without an avatar, an unknown id and an id that is not a number', async () => {
    const bare = await createMember(t, owner);
    expect((await image(owner, bare.id, 'avatar')).status).toBe(404);
    expect((await image(owner, 99999999, 'avatar')).status).toBe(404);
    expect((await image(owner, 'abc', 'avatar')).status).toBe(404);
    expect((await image(owner, '-1', 'avatar')).status).toBe(404);
  });
});

describe('GET /me/{userId}/sign/', () => {
  it('is visible to its owner only', async () => {
    expectImage(await image(owner, owner.id, 'sign'), ownerSign, 'image/png');
  });

  it('is 404 to the owner’s team member, to another company and to a signer', async () => {
    expect((await image(member, owner.id, 'sign')).status).toBe(404);
    expect((await image(other, owner.id, 'sign')).status).toBe(404);
    expect((await image(signer, owner.id, 'sign')).status).toBe(404);
    expect((await image(owner, signer.id, 'sign')).status).toBe(404);
  });

  it('is 401 to anonymous callers', async () => {
    expect((await image(null, owner.id, 'sign')).status).toBe(401);
  });
});
