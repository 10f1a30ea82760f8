import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { presentNda } from '@server/presenters/nda.js';
import { publishNdaUpdated } from '@server/realtime/publishers/ndas.js';
import { mailSignedCopy } from '../notifications/mail-signed-copy.js';

/**
 * What follows once the seal backlog (processors/seal-backlog.ts) seals an NDA whose seal was pending,
 * in the transaction that swaps the sealed file in: the NDA page shows it signed and downloadable
 * (nda.updated), and both sides get the signed copy's e-mail, held back until there was a sealed copy.
 */
export async function announceSealed(core: Core, tx: Tx, ndaId: number): Promise<void> {
  const nda = await tx.db.selectFrom('ndas').selectAll().where('id', '=', ndaId).executeTakeFirstOrThrow();
  publishNdaUpdated(core, tx, { nda: presentNda(nda) });
  const signed = await tx.db
    .selectFrom('events')
    .innerJoin('projects', 'projects.id', 'events.projectId')
    .leftJoin('users', 'users.id', 'events.authorId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .selectAll('events')
    .select([
      'users.firstName',
      'users.lastName',
      'users.email',
      'companies.name as company',
      'projects.companyId as projectCompanyId',
      'projects.ownerId as projectOwnerId',
    ])
    .where('events.ndaId', '=', ndaId)
    .where('events.status', '=', 'nda_signed')
    .orderBy('events.id', 'desc')
    .executeTakeFirst();
  if (!signed) return;
  const { firstName, lastName, email, company, projectCompanyId, projectOwnerId, ...event } = signed;
  await mailSignedCopy(core, tx, event, {
    project: { id: event.projectId, companyId: projectCompanyId, ownerId: projectOwnerId },
    author: email !== null ? { firstName: firstName ?? '', lastName: lastName ?? '', email, company } : null,
  });
}
