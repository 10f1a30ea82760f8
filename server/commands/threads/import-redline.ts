import type { Kysely } from 'kysely';
import { pointInClause } from '@shared/clause-attach.js';
import { importedChangeText, REDLINE_MESSAGES, type RedlineImportResult } from '@shared/redline.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import {
  abilityContext,
  authorizeParticipant,
  authorizeThreadAction,
  negotiationState,
  redlineImporter,
} from '@server/policies/negotiation.js';
import { analyseRedline } from '@server/queries/ndas/analyse-redline.js';
import { openThread } from './create-thread.js';

/** The bidder's company, named on threads the sending team imports for them: a signer's, else the group's name. */
async function bidderCompany(db: Kysely<Database>, branchId: number): Promise<string> {
  const row = await db
    .selectFrom('projectBranches')
    .leftJoin('signerships', 'signerships.projectBranchId', 'projectBranches.id')
    .leftJoin('users', 'users.id', 'signerships.userId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select(['projectBranches.name as group', 'companies.name as company'])
    .where('projectBranches.id', '=', branchId)
    .orderBy('signerships.id')
    .executeTakeFirstOrThrow();
  return row.company || row.group;
}

/**
 * Creates the threads of a Word mark-up (POST /projects/nda/{id}/import_redline/ with `confirm`): each
 * tracked change (merged within a sentence) that matches the NDA's text becomes a thread quoting the
 * deleted text and proposing the changed one, each matched comment a thread with its text at its words;
 * each points at where its quote starts in its clause. They are opened like any thread (`openThread`):
 * events, notifications and live messages follow. The bidder imports in their own name, the project's
 * team on the bidder's behalf, which each thread says. A file is imported once per NDA (by its SHA-256):
 * the same file again answers 409 and creates nothing. Items matching no text are left out, as the
 * preview lists them.
 */
export async function importRedline(
  core: Core,
  {
    actor,
    ndaId,
    upload,
    ip,
  }: { actor: Actor; ndaId: number; upload: { body: Buffer; tooLarge: boolean } | null; ip: string },
): Promise<RedlineImportResult> {
  const { nda } = await authorizeNda(core.db, actor, ndaId, 'view');
  if (nda.projectBranchId === null) throw AppError.nonField('redline_unavailable', REDLINE_MESSAGES.groupOnly);
  await authorizeParticipant(core.db, actor, ndaId);
  // Reading the file and the NDA's clauses is slow work: done before the transaction.
  const analysis = await analyseRedline(core, nda, upload);
  const { commonText, items, anchored, fileSha256 } = analysis;
  if (!anchored.length) throw AppError.fields('redline_nothing_to_import', { file: REDLINE_MESSAGES.nothingToImport });
  const threads = await core.tx(async (tx) => {
    // The NDA's row is locked, as for any new thread: no import into a document being signed or recalled.
    const p = await authorizeParticipant(tx.db, actor, ndaId, 'update');
    authorizeThreadAction(abilityContext(actor, p, await negotiationState(tx.db, p)), 'openThread');
    const { onBehalf } = redlineImporter(p);
    const created = await tx.db
      .insertInto('redlineImports')
      .values({
        ndaId,
        fileSha256,
        importedById: actor.user.id,
        onBehalfOf: onBehalf ? await bidderCompany(tx.db, p.branch.id) : null,
      })
      .onConflict((oc) => oc.columns(['ndaId', 'fileSha256']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!created)
      throw AppError.fields('redline_already_imported', { file: REDLINE_MESSAGES.alreadyImported }, 'conflict');
    const out = [];
    for (const { item, clause, share } of anchored) {
      const point = pointInClause(clause, share) ?? { page: 1, x: 0, y: 0 };
      out.push(
        await openThread(core, tx, {
          actor,
          p,
          ip,
          redlineImport: created.id,
          onBehalf,
          input: {
            text: item.kind === 'comment' ? item.text!.trim() : importedChangeText(item.author, item.proposal || null),
            quote: item.quote.replace(/\s+/g, ' ').trim(),
            proposal: item.proposal?.trim() || null,
            pointers: [point],
          },
        }),
      );
    }
    return out;
  });
  return { commonText, items, threads };
}
