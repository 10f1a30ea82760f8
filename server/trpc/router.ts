import { accountRouter } from './account.js';
import { authRouter } from './auth.js';
import { billingRouter } from './billing.js';
import { membersRouter } from './members.js';
import { signingRouter } from './signing.js';
import { threadsRouter } from './threads.js';
import { ndasRouter } from './ndas.js';
import { templatesRouter } from './templates.js';
import { playbooksRouter } from './playbooks.js';
import { notesRouter } from './notes.js';
import { proposalsRouter } from './proposals.js';
import { projectsRouter } from './projects.js';
import { groupsRouter } from './groups.js';
import { contactsRouter } from './contacts.js';
import { contactUsRouter } from './contact-us.js';
import { eventsRouter } from './events.js';
import { reportsRouter } from './reports.js';
import { dealDocumentsRouter } from './deal-documents.js';
import { engagementRouter } from './engagement.js';
import { router } from './trpc.js';

export const appRouter = router({
  auth: authRouter,
  account: accountRouter,
  members: membersRouter,
  threads: threadsRouter,
  signing: signingRouter,
  ndas: ndasRouter,
  templates: templatesRouter,
  playbooks: playbooksRouter,
  notes: notesRouter,
  proposals: proposalsRouter,
  projects: projectsRouter,
  groups: groupsRouter,
  contacts: contactsRouter,
  events: eventsRouter,
  contactUs: contactUsRouter,
  billing: billingRouter,
  reports: reportsRouter,
  dealDocuments: dealDocumentsRouter,
  engagement: engagementRouter,
});

export type AppRouter = typeof appRouter;
