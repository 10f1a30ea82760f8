import {
  dealDocumentRef,
  dealDocumentReleaseRpcInput,
  dealDocumentsListInput,
  dealDocumentUpdateRpcInput,
} from '@shared/schemas/deal-documents.js';
import { deleteDealDocument, updateDealDocument } from '../commands/deal-documents/change-deal-document.js';
import { releaseDealDocument } from '../commands/deal-documents/release-deal-document.js';
import { listDealDocuments } from '../queries/deal-documents/list-deal-documents.js';
import { getDealDocument } from '../queries/deal-documents/read-deal-document.js';
import { authedProcedure, router } from './trpc.js';

/**
 * A project's deal documents over tRPC; the file travels through the REST form (POST
 * /projects/projects/{id}/documents/) and is downloaded from the document's `file` address.
 */
export const dealDocumentsRouter = router({
  list: authedProcedure
    .input(dealDocumentsListInput)
    .query(({ ctx, input }) => listDealDocuments(ctx.core, { actor: ctx.actor, projectId: input.project })),
  get: authedProcedure
    .input(dealDocumentRef)
    .query(({ ctx, input }) =>
      getDealDocument(ctx.core, { actor: ctx.actor, projectId: input.project, documentId: input.document }),
    ),
  update: authedProcedure
    .input(dealDocumentUpdateRpcInput)
    .mutation(({ ctx, input: { project, document, ...fields } }) =>
      updateDealDocument(ctx.core, {
        actor: ctx.actor,
        projectId: project,
        documentId: document,
        input: fields,
        ip: ctx.ip,
      }),
    ),
  delete: authedProcedure
    .input(dealDocumentRef)
    .mutation(({ ctx, input }) =>
      deleteDealDocument(ctx.core, { actor: ctx.actor, projectId: input.project, documentId: input.document }),
    ),
  release: authedProcedure.input(dealDocumentReleaseRpcInput).mutation(({ ctx, input }) =>
    releaseDealDocument(ctx.core, {
      actor: ctx.actor,
      projectId: input.project,
      documentId: input.document,
      projectBranchId: input.projectBranch,
      ip: ctx.ip,
    }),
  ),
});
