import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';

/** A signership of the actor with its group's NDA and project; 404 for anyone but that signer. */
export async function loadOwnSignership(
  db: Kysely<Database>,
  { actor, signershipId }: { actor: Actor; signershipId: number },
) {
  const signership = await db
    .selectFrom('signerships')
    .selectAll()
    .where('id', '=', signershipId)
    .where('userId', '=', actor.user.id)
    .executeTakeFirst();
  if (!signership) throw AppError.notFound();
  const nda = await db
    .selectFrom('ndas')
    .selectAll()
    .where('projectBranchId', '=', signership.projectBranchId)
    .executeTakeFirst();
  if (!nda || !nda.isSent) throw AppError.notFound();
  const branch = await db
    .selectFrom('projectBranches')
    .selectAll()
    .where('id', '=', signership.projectBranchId)
    .executeTakeFirstOrThrow();
  const project = await db.selectFrom('projects').selectAll().where('id', '=', nda.projectId).executeTakeFirstOrThrow();
  return { signership, nda, branch, project };
}
