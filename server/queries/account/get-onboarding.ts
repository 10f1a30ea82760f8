import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';

export interface Onboarding {
  isProjectsCreated: boolean;
  isMembersInvited: boolean;
  isNdaUploaded: boolean;
}

/** The owner's checklist, read from what the company has actually done. */
export async function getOnboarding(core: Core, { actor }: { actor: Actor }): Promise<Onboarding> {
  const companyId = actor.user.companyId ?? -1;
  const row = await core.db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('projects').select('id').where('companyId', '=', companyId)).as('projects'),
      eb
        .exists(
          eb
            .selectFrom('users')
            .select('id')
            .where('companyId', '=', companyId)
            .where('role', '=', 'member')
            .where('isDeleted', '=', false),
        )
        .as('members'),
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('ndas')
              .innerJoin('projects', 'projects.id', 'ndas.projectId')
              .select('ndas.id')
              .where('projects.companyId', '=', companyId),
          ),
          eb.exists(eb.selectFrom('ndaTemplates').select('id').where('companyId', '=', companyId)),
        ])
        .as('ndas'),
    ])
    .executeTakeFirstOrThrow();
  return {
    isProjectsCreated: Boolean(row.projects),
    isMembersInvited: Boolean(row.members),
    isNdaUploaded: Boolean(row.ndas),
  };
}
