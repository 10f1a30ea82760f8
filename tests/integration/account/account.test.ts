import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsForRole } from '@shared/permissions.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createMember, createOwner, createSigner, invite, type TestUser } from '@tests/support/factories.js';
import { authHeader, get, trpcQuery } from '@tests/support/http.js';

// server/rest/account.ts and server/trpc/account.ts: queries/account/get-permissions.ts, get-onboarding.ts.

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let signer: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createOwner(t);
  member = await createMember(t, owner);
  signer = await createSigner(t, owner);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /permissions/', () => {
  it('lists every codename for an owner', async () => {
    const res = await get(t, '/permissions/', authHeader(owner.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ permissionsList: permissionsForRole('owner') });
    expect(res.body.permissionsList).toContain('add_project');
    expect(res.body.permissionsList).toContain('view_event');
  });

  it('lists the same codenames for a team member', async () => {
    const res = await get(t, '/permissions/', authHeader(member.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ permissionsList: permissionsForRole('member') });
  });

  it("lists a signer's codenames: no project management", async () => {
    const res = await get(t, '/permissions/', authHeader(signer.access));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ permissionsList: permissionsForRole('signer') });
    expect(res.body.permissionsList).toContain('add_comment');
    expect(res.body.permissionsList).not.toContain('add_project');
  });

  it('answers 401 without a token', async () => {
    const res = await get(t, '/permissions/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
  });

  it('works through tRPC (GET /trpc/account.permissions)', async () => {
    const res = await trpcQuery(t, 'account.permissions', undefined, authHeader(signer.access));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ permissionsList: permissionsForRole('signer') });
    const anonymous = await trpcQuery(t, 'account.permissions');
    expect(anonymous.status).toBe(401);
    expect(anonymous.error!.data).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
  });
});

describe('GET /onboarding/', () => {
  it("answers an owner's three flags; isMembersInvited once a member invitation exists", async () => {
    const fresh = await createOwner(t);
    const before = await get(t, '/onboarding/', authHeader(fresh.access));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ isProjectsCreated: false, isMembersInvited: false, isNdaUploaded: false });

    await invite(t, fresh, 'member');
    const after = await get(t, '/onboarding/', authHeader(fresh.access));
    expect(after.body).toEqual({ isProjectsCreated: false, isMembersInvited: true, isNdaUploaded: false });
  });

  it('counts a registered member too, and not signers', async () => {
    expect((await get(t, '/onboarding/', authHeader(owner.access))).body.isMembersInvited).toBe(true);
    const alone = await createOwner(t);
    await invite(t, alone, 'signer');
    expect((await get(t, '/onboarding/', authHeader(alone.access))).body.isMembersInvited).toBe(false);
  });

  it('answers 403 to a team member and to a signer', async () => {
    for (const user of [member, signer]) {
      const res = await get(t, '/onboarding/', authHeader(user.access));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'You do not have permission to perform this action.',
        code: 'permission_denied',
      });
    }
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await get(t, '/onboarding/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
  });

  it('works through tRPC (account.onboarding)', async () => {
    const ok = await trpcQuery(t, 'account.onboarding', undefined, authHeader(owner.access));
    expect(ok.data).toEqual({ isProjectsCreated: false, isMembersInvited: true, isNdaUploaded: false });
    const forbidden = await trpcQuery(t, 'account.onboarding', undefined, authHeader(member.access));
    expect(forbidden.status).toBe(403);
    expect(forbidden.error!.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 });
  });
});

describe('account.me (tRPC)', () => {
  it('answers the signed-in user', async () => {
    const res = await trpcQuery(t, 'account.me', undefined, authHeader(member.access));
    expect(res.data).toEqual(member.user);
  });
});
