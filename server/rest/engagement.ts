import type { FastifyInstance } from 'fastify';
import {
  ENGAGEMENT_FORMULA,
  MAX_PAGE_SECONDS_PER_BATCH,
  MAX_PAGE_SECONDS_PER_SESSION,
  MAX_SECONDS_PER_BATCH,
  MAX_SECONDS_PER_SESSION,
} from '@shared/engagement.js';
import { viewBatchInput } from '@shared/schemas/engagement.js';
import type { Core } from '../core.js';
import { recordView } from '../commands/engagement/record-view.js';
import { getProjectEngagement } from '../queries/engagement/project-engagement.js';
import { idParam } from './params.js';
import { route } from './route.js';

/** Who read what: the viewer's batches of visible time, and each group's engagement for the sending team. */
export function engagementRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'POST',
    url: '/projects/views/',
    summary: 'Records a batch of visible reading time on the pages of a deal document or of a group’s NDA.',
    description: `Takes {document, pages: [{page, seconds}]} for a deal document, or {nda, pages} for a group's NDA: each page (a whole number from 1) with the seconds it was visible since the last batch (0 to 3600; each page once, at most 50 pages). The viewer sends a batch every 15 seconds while the document is in view and when the page is hidden. A document the caller may not see answers 404. Only bidders' reading is engagement: for the sending team the call answers {recorded: false, pages: []} and stores nothing. A bidder's batches belong to one opening per sign-in session and document (a new opening after 30 minutes without a batch), which records when it was opened and last seen. Seconds are bounded: at most ${MAX_PAGE_SECONDS_PER_BATCH} per page and ${MAX_SECONDS_PER_BATCH} in all per batch, at most ${MAX_PAGE_SECONDS_PER_SESSION} per page and ${MAX_SECONDS_PER_SESSION} in all per opening; the answer {recorded: true, pages} gives the seconds counted for each page. A group's first opening of a deal document is the event \`document_opened\` ("Kestrel Partners opened the CIM").`,
    auth: 'required',
    input: viewBatchInput,
    handler: (i, a, { ip }) => recordView(core, { actor: a, input: i, ip }),
  });
  route(app, core, {
    method: 'GET',
    url: '/projects/projects/:id/engagement/',
    summary: 'Answers each group’s engagement with the deal documents and the NDA: who read what.',
    description: `For the project's sending team (anyone else: 404). {formula, results}: one result per group, oldest first, {projectBranch, name, lastSeen (the latest batch of any of its bidders, null if none), documentsOpened (distinct deal documents and NDA opened), pagesRead (distinct pages with at least a second of visible time), totalSeconds, score}. ${ENGAGEMENT_FORMULA} tRPC: \`engagement.project\`.`,
    auth: 'required',
    handler: (_i, a, { req }) => getProjectEngagement(core, { actor: a, projectId: idParam(req) }),
  });
}
