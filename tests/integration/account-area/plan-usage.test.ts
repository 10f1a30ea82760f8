import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PLAN } from '@shared/billing.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { call } from '@tests/support/account-area.js';
import { insertProject } from '@tests/support/documents.js';
import { createMember, createOwner, createSigner, type TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';

// The plan card's numbers: GET /company/plan_usage/ and account.planUsage (server/queries/account/plan-usage.ts),
// counted by the same functions that enforce the seat and project limits.

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let signer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  [owner, other] = await Promise.all([createOwner(t), createOwner(t)]);
  [member, signer] = await Promise.all([createMember(t, owner), createSigner(t, owner, 'Buyer Holdings SA')]);
});
afterAll(async () => {
  await t?.close();
});

const usage = (user: TestUser | null) => call(t, 'GET', '/company/plan_usage/', { access: user?.access ?? null });
const setExtras = (who: TestUser, extraMembers: number, extraProjects: number) =>
  t.core.db.updateTable('companies').set({ extraMembers, extraProjects }).where('id', '=', who.user.company!).execute();

describe('GET /company/plan_usage/', () => {
  it('counts the company’s seats and projects against the Free plan', async () => {
    const res = await usage(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      plan: FREE_PLAN.name,
      members: { used: 1, allowed: FREE_PLAN.members },
      projects: { used: 0, allowed: FREE_PLAN.projects },
    });
  });

  it('follows new projects (archived ones count) and the extras bought', async () => {
    await insertProject(t, owner, 'Atlas');
    const archived = await insertProject(t, owner, 'Borealis');
    await t.core.db.updateTable('projects').set({ isArchived: true }).where('id', '=', archived).execute();
    await setExtras(owner, 2, 3);
    const res = await usage(owner);
    expect(res.body.members).toEqual({ used: 1, allowed: FREE_PLAN.members + 2 });
    expect(res.body.projects).toEqual({ used: 2, allowed: FREE_PLAN.projects + 3 });
    // Another company's numbers are its own.
    expect((await usage(other)).body.projects).toEqual({ used: 0, allowed: FREE_PLAN.projects });
  });

  it('is the same for a team member, answers a signer about their own company, and needs a token', async () => {
    expect((await usage(member)).body).toEqual((await usage(owner)).body);
    const forSigner = await usage(signer);
    expect(forSigner.status).toBe(200);
    expect(forSigner.body.members.used).toBe(0);
    expect((await usage(null)).status).toBe(401);
  });

  it('is a tRPC query too', async () => {
    const res = await trpcQuery(t, 'account.planUsage', undefined, authHeader(owner.access));
    expect(res.data).toEqual((await usage(owner)).body);
  });
});
