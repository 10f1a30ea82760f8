import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call, saveSignature } from '@tests/support/account-area.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';

// The company: GET /company/, PATCH and PUT /company/{id}/ (server/rest/company.ts, server/queries/account/get-company.ts,
// server/commands/account/update-company.ts, policies authorizeCompanyEdit, presenters/company.ts) and the tRPC twins
// account.company and account.updateCompany.

const COMPANY_KEYS = [
  'activeSubscription',
  'address',
  'id',
  'name',
  'owner',
  'ownerJobTitle',
  'ownerSign',
  'registrationNumber',
  'vat',
];

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let other: TestUser;
let signer: TestUser;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([
    createOwner(t, { company_name: 'Acme Advisory Ltd' }),
    createOwner(t, { company_name: 'Rival Capital LLP' }),
  ]);
  [member, signer] = await Promise.all([createMember(t, owner), createSigner(t, owner, 'Buyer Holdings SA')]);
  companyId = owner.user.company!;
  otherCompanyId = other.user.company!;
});
afterAll(async () => {
  await t?.close();
});

const companies = (user: TestUser | null) => call(t, 'GET', '/company/', { access: user?.access ?? null });
const update = (method: 'PATCH' | 'PUT', user: TestUser | null, id: number | string, json: unknown) =>
  call(t, method, `/company/${id}/`, { access: user?.access ?? null, json });
const companyRow = (id: number) =>
  t.core.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const full = {
  name: 'Acme Advisory Group Ltd',
  address: '1 King William St, London EC4N 7AR',
  registration_number: '01234567',
  vat: 'GB123456789',
};

describe('GET /company/', () => {
  it('answers the owner one page with their company, camelCase, no plan product (Free)', async () => {
    const res = await companies(owner);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(res.body.results).toHaveLength(1);
    const company = res.body.results[0];
    expect(Object.keys(company).sort()).toEqual(COMPANY_KEYS);
    expect(company).toEqual({
      id: companyId,
      name: 'Acme Advisory Ltd',
      address: '',
      registrationNumber: '',
      vat: '',
      owner: owner.id,
      ownerSign: null,
      ownerJobTitle: '',
      activeSubscription: null,
    });
  });

  it('shows the owner’s signature URL once saved', async () => {
    await saveSignature(t, owner);
    const company = (await companies(owner)).body.results[0];
    expect(company.ownerSign).toMatch(new RegExp(`^/api/v1/me/${owner.id}/sign/\\?v=\\w+$`));
  });

  it('answers a team member the same company (read-only for them)', async () => {
    const res = await companies(member);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ id: companyId, name: 'Acme Advisory Ltd', owner: owner.id });
  });

  it('answers a user of another company only their own company', async () => {
    const res = await companies(other);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({ id: otherCompanyId, name: 'Rival Capital LLP', owner: other.id });
    const signers = await companies(signer);
    expect(signers.body.results[0]).toMatchObject({ name: 'Buyer Holdings SA', owner: signer.id });
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await companies(null)).status).toBe(401);
  });
});

describe.each(['PATCH', 'PUT'] as const)('%s /company/{id}/', (method) => {
  it('lets the owner set name, address, registration number and VAT', async () => {
    const payload = { ...full, name: `${full.name} (${method})` };
    const res = await update(method, owner, companyId, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: companyId,
      name: payload.name,
      address: full.address,
      registrationNumber: '01234567',
      vat: 'GB123456789',
      owner: owner.id,
    });
    expect((await companies(owner)).body.results[0]).toEqual(res.body);
    expect((await companies(member)).body.results[0].name).toBe(payload.name);
  });

  it('treats registration number and VAT as optional, and accepts camelCase keys', async () => {
    const res = await update(method, owner, companyId, { name: 'Acme Ltd', address: 'Leeds' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Acme Ltd', address: 'Leeds', registrationNumber: '', vat: '' });
    const camel = await update(method, owner, companyId, {
      name: 'Acme Ltd',
      address: 'Leeds',
      registrationNumber: 'RN-9',
      vat: 'V-1',
    });
    expect(camel.body).toMatchObject({ registrationNumber: 'RN-9', vat: 'V-1' });
  });

  it('requires company name and address', async () => {
    const res = await update(method, owner, companyId, { name: '', address: '   ', vat: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ['Company name is required'],
      address: ['Address is required'],
      code: 'invalid_input',
    });
    const missing = await update(method, owner, companyId, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      name: ['Company name is required'],
      address: ['Address is required'],
      code: 'invalid_input',
    });
    const long = await update(method, owner, companyId, { name: 'n'.repeat(256), address: 'a', vat: 'v'.repeat(65) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body).sort()).toEqual(['code', 'name', 'vat']);
    expect((await companyRow(companyId)).name).toBe('Acme Ltd');
  });

  it('answers 403 to a team member and changes nothing', async () => {
    const before = await companyRow(companyId);
    const res = await update(method, member, companyId, full);
    expect(res.status).toBe(403);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(await companyRow(companyId)).toEqual(before);
  });

  it('answers 404 to the owner of another company and changes nothing', async () => {
    const before = await companyRow(companyId);
    const res = await update(method, other, companyId, full);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(await companyRow(companyId)).toEqual(before);
    // A team member aiming at another company gets 404 too, never 403 (no hint that it exists).
    expect((await update(method, member, otherCompanyId, full)).status).toBe(404);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await update(method, owner, 99999999, full)).status).toBe(404);
    expect((await update(method, owner, 'abc', full)).status).toBe(404);
    expect((await update(method, owner, 0, full)).status).toBe(404);
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await update(method, null, companyId, full)).status).toBe(401);
  });
});

describe('PUT /company/{id}/ from the signing form', () => {
  it('lets a signer complete their own company (name and address are needed to sign)', async () => {
    const res = await update('PUT', signer, signer.user.company!, {
      name: 'Buyer Holdings SA',
      address: 'Rue du Rhône 1, Geneva',
      registration_number: 'CHE-1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Buyer Holdings SA',
      address: 'Rue du Rhône 1, Geneva',
      registrationNumber: 'CHE-1',
      owner: signer.id,
    });
  });

  it('answers a signer 404 for the inviting owner’s company', async () => {
    expect((await update('PUT', signer, companyId, full)).status).toBe(404);
  });
});

describe('tRPC account.company and account.updateCompany', () => {
  it('account.company answers the caller’s company object (not a page)', async () => {
    const res = await trpcQuery(t, 'account.company', undefined, authHeader(member.access));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: companyId, owner: owner.id });
    expect(Object.keys(res.data).sort()).toEqual(COMPANY_KEYS);
    expect((await trpcQuery(t, 'account.company')).status).toBe(401);
  });

  it('account.updateCompany updates for the owner', async () => {
    const res = await trpcMutation(
      t,
      'account.updateCompany',
      { id: companyId, name: 'Acme via tRPC', address: 'York', vat: 'GB1' },
      authHeader(owner.access),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      id: companyId,
      name: 'Acme via tRPC',
      address: 'York',
      registrationNumber: '',
      vat: 'GB1',
    });
  });

  it('account.updateCompany answers the same errors as REST', async () => {
    const forbidden = await trpcMutation(
      t,
      'account.updateCompany',
      { id: companyId, name: 'X', address: 'Y' },
      authHeader(member.access),
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.error!.data.code).toBe('FORBIDDEN');
    const hidden = await trpcMutation(
      t,
      'account.updateCompany',
      { id: companyId, name: 'X', address: 'Y' },
      authHeader(other.access),
    );
    expect(hidden.status).toBe(404);
    const invalid = await trpcMutation(
      t,
      'account.updateCompany',
      { id: companyId, name: '', address: '' },
      authHeader(owner.access),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.error!.data.body).toEqual({
      name: ['Company name is required'],
      address: ['Address is required'],
      code: 'invalid_input',
    });
    expect((await trpcMutation(t, 'account.updateCompany', { id: companyId, name: 'X', address: 'Y' })).status).toBe(
      401,
    );
    expect((await companyRow(companyId)).name).toBe('Acme via tRPC');
  });
});
