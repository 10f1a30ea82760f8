import type { Kysely } from 'kysely';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { companyLimits } from '../billing/company-limits.js';

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
 * The actor's company's seats and projects, used against allowed (plan + add-ons + granted extras, by
 * the same function that enforces them): the plan card of the account page.
 */
export async function getPlanUsage(core: Core, { actor }: { actor: Actor }): Promise<PlanUsageDto> {
  const companyId = actor.user.companyId;
  if (companyId === null) throw AppError.notFound();
  const company = await core.db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
  if (!company) throw AppError.notFound();
  const limits = await companyLimits(core.db, companyId);
  const [members, projects] = await Promise.all([membersUsed(core.db, companyId), projectsUsed(core.db, companyId)]);
  return {
    plan: limits.plan.name,
    members: { used: members, allowed: limits.membersAllowed },
    projects: { used: projects, allowed: limits.projectsAllowed },
  };
}
