import type { Kysely } from 'kysely';
import { allowance, PLANS } from '@shared/plans.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';

/** What a company uses of one limit, and what its plan allows (-1: unlimited). */
export interface Usage {
  used: number;
  allowed: number;
}

export interface PlanUsageDto {
  plan: string;
  members: Usage;
  projects: Usage;
}

type Db = Kysely<Database>;

/** Team seats in use: members invited or registered, not deleted (the owner takes none). */
export async function membersUsed(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('role', '=', 'member')
    .where('isDeleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Projects the company has created, archived ones included. */
export async function projectsUsed(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What a company may have. Billing is not wired yet: every company is on Free, plus the seats and
 * projects bought as extras (stored on the company).
 */
export function companyAllowances(company: { extraMembers: number; extraProjects: number }): {
  plan: string;
  members: number;
  projects: number;
} {
  const plan = PLANS.free;
  return {
    plan: plan.name,
    members: allowance(plan.members, company.extraMembers),
    projects: allowance(plan.projects, company.extraProjects),
  };
}

/** The actor's company's seats and projects, used against allowed: the plan card of the account page. */
export async function getPlanUsage(core: Core, { actor }: { actor: Actor }): Promise<PlanUsageDto> {
  const companyId = actor.user.companyId;
  if (companyId === null) throw AppError.notFound();
  const company = await core.db
    .selectFrom('companies')
    .select(['extraMembers', 'extraProjects'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw AppError.notFound();
  const allowed = companyAllowances(company);
  const [members, projects] = await Promise.all([membersUsed(core.db, companyId), projectsUsed(core.db, companyId)]);
  return {
    plan: allowed.plan,
    members: { used: members, allowed: allowed.members },
    projects: { used: projects, allowed: allowed.projects },
  };
}
