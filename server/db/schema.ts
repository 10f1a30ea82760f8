import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NotificationKind } from '@shared/notifications.js';
import type { Countersignature, ReleaseDocumentsOn } from '@shared/schemas/projects.js';
import type { SignatureFieldKind, SignatureFieldParty } from '@shared/schemas/signature-fields.js';

/** Table types. They mirror migrations/ and are the only description of rows the app uses. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A jsonb column: read as parsed JSON, written as its JSON text. */
type Json = ColumnType<unknown, string, string>;

export type Role = 'owner' | 'member' | 'signer';
export type TokenPurpose = 'activation' | 'password_reset' | 'member_invitation' | 'signer_invitation';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: Generated<string>;
  registrationNumber: Generated<string>;
  vat: Generated<string>;
  ownerId: number | null;
  extraMembers: Generated<number>;
  extraProjects: Generated<number>;
  createdAt: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  firstName: Generated<string>;
  lastName: Generated<string>;
  location: Generated<string>;
  linkedinLink: Generated<string>;
  jobTitle: Generated<string>;
  country: Generated<string>;
  language: Generated<string>;
  avatarKey: string | null;
  signKey: string | null;
  companyId: number | null;
  role: Role;
  isActive: Generated<boolean>;
  isDeleted: Generated<boolean>;
  invitedById: number | null;
  invitedWith: Generated<string>;
  referralKey: string;
  lastSeenEventId: Generated<number>;
  /** E-mails the user wants (shared/notifications.ts); both on until turned off. */
  notifyNegotiation: Generated<boolean>;
  notifyOutcomes: Generated<boolean>;
  /** Reminder e-mails about an NDA waiting for the user's signature. */
  notifyReminders: Generated<boolean>;
  /** The weekly engagement e-mail of the projects the user runs. */
  notifyEngagement: Generated<boolean>;
  createdAt: Timestamp;
  activatedAt: NullableTimestamp;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  userId: number;
  purpose: TokenPurpose;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
  replacedById: number | null;
  ip: Generated<string>;
  createdAt: Timestamp;
}

/** A message from the landing page's Contact us form. */
export interface ContactMessagesTable {
  id: Generated<number>;
  firstName: string;
  email: string;
  contactNo: string;
  message: string;
  ip: Generated<string>;
  createdAt: Timestamp;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  scope: string;
  key: string;
  createdAt: Timestamp;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxEmailsTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  transport: string | null;
  /** Extra headers (List-Unsubscribe...), a JSON object of name to value. */
  headers: string | null;
  createdAt: Timestamp;
  sentAt: NullableTimestamp;
}

/** A signed NDA's prepared file, sealed by the seal backlog once a timestamp authority answers. */
export interface PendingSealsTable {
  id: Generated<number>;
  ndaId: number;
  fileKey: string;
  attempts: Generated<number>;
  nextAttemptAt: Timestamp;
  lastError: string | null;
  createdAt: Timestamp;
}

export type NotificationStatus = 'pending' | 'sent' | 'seen' | 'skipped';

/** The reminders sent to one recipient about one NDA (server/commands/timetable/send-due-reminders.ts). */
export interface NdaRemindersTable {
  signershipId: number;
  ndaId: number;
  sentCount: Generated<number>;
  lastSentAt: NullableTimestamp;
  createdAt: Generated<Date>;
}

/** An item waiting for the user's next digest e-mail (server/processors/notification-digest.ts). */
export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: NotificationKind;
  eventId: number | null;
  projectId: number;
  projectBranchId: number;
  ndaId: number;
  text: string;
  status: Generated<NotificationStatus>;
  createdAt: Timestamp;
  sentAt: NullableTimestamp;
}

export type ColorStatus = 'red' | 'yellow' | 'green';

export interface ProjectsTable {
  id: Generated<number>;
  companyId: number;
  ownerId: number;
  name: string;
  summary: Generated<string>;
  teaserKey: string | null;
  teaserName: string | null;
  cimKey: string | null;
  cimName: string | null;
  isArchived: Generated<boolean>;
  /** The seller or client the project acts for; empty: the sending company is the disclosing party. */
  disclosingPartyName: Generated<string>;
  disclosingPartyAddress: Generated<string>;
  /** The sending company signs as the disclosing party's agent (only read when one is named). */
  signsAsAgent: Generated<boolean>;
  countersignature: Generated<Countersignature>;
  releaseDocumentsOn: Generated<ReleaseDocumentsOn>;
  /** After it, an unsigned NDA of the project cannot be signed (a group may set its own). */
  ndaDeadline: NullableTimestamp;
  remindersEnabled: Generated<boolean>;
  remindersFirstAfterDays: Generated<number>;
  remindersEveryDays: Generated<number>;
  /** A team member's proposal outside the playbook waits for an approver's release. */
  proposalApproval: Generated<boolean>;
  createdAt: Timestamp;
}

/** When a deal document reaches a group (see migration 2026_11_27_0900_deal_documents). */
export type DealDocumentRelease = 'invitation' | 'signed' | 'executed' | 'manual';

/** A project's deal document; the teaser and CIM rows (kind) mirror the project's file columns. */
export interface DealDocumentsTable {
  id: Generated<number>;
  projectId: number;
  kind: 'teaser' | 'cim' | null;
  title: string;
  fileKey: string;
  fileName: string;
  fileSize: Generated<number>;
  release: DealDocumentRelease;
  createdAt: Generated<Date>;
}

/** One opening of a deal document or a group's NDA by a bidder (migration 2026_11_27_1200). */
export interface DocumentViewsTable {
  id: Generated<number>;
  projectId: number;
  projectBranchId: number;
  userId: number;
  sessionId: string;
  dealDocumentId: number | null;
  ndaId: number | null;
  openedAt: Generated<Date>;
  lastSeenAt: Generated<Date>;
}

/** The visible seconds of one page in one opening. */
export interface DocumentViewPagesTable {
  viewId: number;
  page: number;
  seconds: Generated<number>;
}

/** A weekly engagement e-mail queued for an adviser and a project. */
export interface EngagementDigestsTable {
  projectId: number;
  userId: number;
  weekStart: Date;
  createdAt: Generated<Date>;
}

/** A deal document released to a group by hand. */
export interface DealDocumentReleasesTable {
  documentId: number;
  projectBranchId: number;
  releasedById: number | null;
  releasedAt: Generated<Date>;
}

/** A deal document stamped for one bidder (queries/deal-documents/watermarked-copy.ts). */
export interface DealDocumentCopiesTable {
  documentId: number;
  userId: number;
  /** The document's file the copy was made from. */
  sourceKey: string;
  blobKey: string;
  /** Where and when the viewer first fetched that file: what the stamp says. */
  ip: string;
  stampedAt: Generated<Date>;
  pages: number;
}

export interface ProjectMembersTable {
  projectId: number;
  userId: number;
  /** May release or discard proposals held for internal approval. */
  canApprove: Generated<boolean>;
  createdAt: Timestamp;
}

export interface NdaTemplatesTable {
  id: Generated<number>;
  companyId: number;
  createdById: number | null;
  name: string;
  fileKey: string;
  previewKey: string | null;
  /** The SHA-256 of the file as uploaded, before it was cleaned. */
  uploadedSha256: string | null;
  pageCount: Generated<number>;
  createdAt: Timestamp;
}

export interface ProjectBranchesTable {
  id: Generated<number>;
  projectId: number;
  name: string;
  colorStatus: ColorStatus | null;
  allowComments: Generated<boolean>;
  sendTeaser: Generated<boolean>;
  inheritNdaFromProject: Generated<boolean>;
  /** The group's own NDA deadline; null: the project's. */
  ndaDeadline: NullableTimestamp;
  /** The deadline whose passing was recorded (nda_expired), so each passing is recorded once. */
  expiredDeadline: NullableTimestamp;
  createdAt: Timestamp;
}

export interface NdasTable {
  id: Generated<number>;
  projectId: number;
  projectBranchId: number | null;
  templateId: number | null;
  name: string;
  fileKey: string;
  fileSha256: string;
  /** The SHA-256 of the file as uploaded, before it was cleaned; null for documents stored before cleaning. */
  uploadedSha256: string | null;
  pageCount: number;
  isSent: Generated<boolean>;
  isRecalled: Generated<boolean>;
  isSigned: Generated<boolean>;
  sentAt: NullableTimestamp;
  signedAt: NullableTimestamp;
  signedFileKey: string | null;
  /** Signed by both parties, its seal waiting for a timestamp authority (a pending_seals row). */
  sealPending: Generated<boolean>;
  /** The SHA-256 of the signed file issued, what /verify matches. */
  signedSha256: string | null;
  signedById: number | null;
  /** A bidder's signature awaiting the sending side's countersignature (manual countersignature). */
  recipientSignedAt: NullableTimestamp;
  recipientSignedById: number | null;
  recipientParty: Json | null;
  /** How many threads the NDA has: kept by the database (migration 2026_11_23_0050) for the reports. */
  threadCount: Generated<number>;
  updatedAt: Timestamp;
  createdAt: Timestamp;
}

/** Each NDA's sending, signing and recall, once a month; kept by the database from the events. */
export interface ReportNdaMovesTable {
  ndaId: number;
  status: string;
  month: Date;
  projectId: number;
  projectBranchId: number;
}

/** Per project and month: the NDAs moved (kind: the event's status) and the groups created (kind 'groups'). */
export interface ReportProjectMonthsTable {
  projectId: number;
  kind: string;
  month: Date;
  number: number;
}

/** Per project: its groups' NDAs by state, as the reports count them. */
export interface ReportProjectNdasTable {
  projectId: number;
  total: number;
  signed: number;
  unsigned: number;
  active: number;
  recalled: number;
}

export interface SignerGroupsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  createdAt: Timestamp;
}

export interface SignerGroupUsersTable {
  signerGroupId: number;
  userId: number;
}

export interface ProjectBranchSignerGroupsTable {
  projectBranchId: number;
  signerGroupId: number;
}

export interface SignershipsTable {
  id: Generated<number>;
  projectBranchId: number;
  userId: number;
  colorStatus: ColorStatus | null;
  rejectedAt: NullableTimestamp;
  /** Why the signer passed, when they said (at most MAX_PASS_REASON characters). */
  rejectionReason: string | null;
  signedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface ContactsTable {
  id: Generated<number>;
  companyId: number;
  userId: number | null;
  firstName: Generated<string>;
  lastName: Generated<string>;
  email: string;
  companyName: Generated<string>;
  createdAt: Timestamp;
}

export interface EventsTable {
  id: Generated<number>;
  projectId: number;
  projectBranchId: number | null;
  authorId: number | null;
  status: string;
  ndaId: number | null;
  subjectId: number | null;
  ip: Generated<string>;
  userAgent: Generated<string>;
  createdAt: Timestamp;
}

export interface EventReadsTable {
  eventId: number;
  userId: number;
}

export interface CommentThreadsTable {
  id: Generated<number>;
  ndaId: number;
  authorId: number | null;
  text: string;
  negotiationStatus: Generated<string>;
  quote: string | null;
  /** The Word mark-up import that made it; null for a thread opened on the page. */
  redlineImportId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A Word mark-up whose threads were created on an NDA, once per file (its SHA-256). */
export interface RedlineImportsTable {
  id: Generated<number>;
  ndaId: number;
  fileSha256: string;
  importedById: number | null;
  /** The bidder's company when the sending team imported it for them; null when a signer did. */
  onBehalfOf: string | null;
  createdAt: Timestamp;
}

export interface ThreadProposalsTable {
  id: Generated<number>;
  commentThreadId: number;
  commentId: number | null;
  authorId: number | null;
  text: string;
  /** 'released': held for internal approval, then released; null: never held. */
  approval: Generated<'released' | null>;
  createdAt: Timestamp;
}

/** The sending team's internal note on a thread: never read by anything a recipient receives. */
export interface ThreadNotesTable {
  id: Generated<number>;
  commentThreadId: number;
  authorId: number | null;
  text: string;
  createdAt: Timestamp;
}

/** A reply with a proposal held for internal approval: never read by anything a recipient receives. */
export interface HeldProposalsTable {
  id: Generated<number>;
  commentThreadId: number;
  authorId: number | null;
  text: string;
  proposal: string;
  createdAt: Timestamp;
}

/** A document's clauses (shared/clause-split.ts DocumentClause[]), by the SHA-256 of its file. */
export interface DocumentClausesTable {
  fileSha256: string;
  clauses: Json;
  createdAt: Timestamp;
}

/** The DOCX source of a document, by the SHA-256 of its review PDF (migration 2026_11_27_0800). */
export interface DocumentSourcesTable {
  fileSha256: string;
  blobKey: string;
  origin: 'uploaded' | 'converted' | 'built';
  createdAt: Timestamp;
}

/** One clause of a project's or a template's playbook (exactly one of projectId, templateId). */
export interface PlaybookClausesTable {
  id: Generated<number>;
  projectId: number | null;
  templateId: number | null;
  clauseKey: string;
  position: number;
  preferred: string;
  /** string[], in order. */
  fallbacks: Json;
  walkAway: string;
  guidance: string;
}

export interface PointersTable {
  id: Generated<number>;
  commentThreadId: number;
  page: number;
  x: number;
  y: number;
  createdAt: Timestamp;
}

export interface SignatureFieldsTable {
  id: Generated<number>;
  ndaId: number;
  party: SignatureFieldParty;
  kind: SignatureFieldKind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  createdAt: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  commentThreadId: number;
  authorId: number | null;
  text: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface NegotiationsTable {
  id: Generated<number>;
  commentThreadId: number;
  authorId: number | null;
  side: string;
  move: string;
  fromStatus: string;
  toStatus: string;
  createdAt: Timestamp;
}

export type PriceKind = 'plan' | 'addon_project' | 'addon_member';
export type BillingProviderColumn = 'builtin' | 'stripe';

export interface BillingProductsTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** -1: unlimited. */
  projectsAllowed: number;
  membersAllowed: number;
  addonProjects: Generated<boolean>;
  addonMembers: Generated<boolean>;
  isActive: Generated<boolean>;
  updatedAt: Timestamp;
}

export interface BillingPricesTable {
  id: Generated<number>;
  /** The price identifier (boutique-month, addon_member-year). */
  code: string;
  /** The plan of a plan price; null for an add-on price. */
  productId: number | null;
  kind: PriceKind;
  billingInterval: 'month' | 'year';
  unitAmount: number;
  currency: Generated<string>;
  stripePriceId: string | null;
  isActive: Generated<boolean>;
  updatedAt: Timestamp;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  companyId: number;
  /** The plan price (billing_prices.id). */
  priceId: number;
  status: 'active' | 'incomplete' | 'past_due' | 'canceled';
  provider: BillingProviderColumn;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  currentPeriodStart: Timestamp;
  currentPeriodEnd: Timestamp;
  cancelAtPeriodEnd: Generated<boolean>;
  cancelAt: NullableTimestamp;
  endedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SubscriptionAddonsTable {
  subscriptionId: number;
  /** The add-on price (billing_prices.id). */
  priceId: number;
  quantity: number;
  updatedAt: Timestamp;
}

export interface CheckoutSessionsTable {
  id: Generated<number>;
  token: string;
  companyId: number;
  userId: number | null;
  priceId: number;
  amount: number;
  currency: string;
  provider: BillingProviderColumn;
  providerSessionId: string | null;
  status: Generated<'open' | 'complete' | 'expired'>;
  expiresAt: Timestamp;
  completedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  companyId: number;
  subscriptionId: number | null;
  provider: BillingProviderColumn;
  providerInvoiceId: string;
  number: string;
  total: number;
  currency: string;
  paid: Generated<boolean>;
  hostedInvoiceUrl: string | null;
  createdAt: Timestamp;
  /** The seller's and the customer's details as they stood when the invoice was issued (null before they were kept). */
  sellerName: string | null;
  sellerAddress: string | null;
  sellerVat: string | null;
  customerName: string | null;
  customerAddress: string | null;
  /** Null when the customer gave none. */
  customerVat: string | null;
  periodStart: NullableTimestamp;
  periodEnd: NullableTimestamp;
  /** Minor units; total is the gross. */
  net: number | null;
  /** Hundredths of a percent: 2000 is 20 %. */
  taxRateBp: number | null;
  tax: number | null;
}

/** The last number the app gave an invoice of its own (per provider), moved in the issuing transaction. */
export interface InvoiceNumberCountersTable {
  provider: string;
  lastNumber: number;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  invoiceId: number;
  description: string;
  quantity: number;
  amount: number;
}

export interface OneTimePurchasesTable {
  id: Generated<number>;
  companyId: number;
  subscriptionId: number | null;
  kind: 'project' | 'member';
  quantity: number;
  createdAt: Timestamp;
}

export interface BillingEventsTable {
  id: Generated<number>;
  provider: string;
  eventId: string;
  type: string;
  companyId: number | null;
  receivedAt: Timestamp;
}

/** A secret the deployment generated for itself (server/services/app-secrets.ts). */
export interface AppSecretsTable {
  name: string;
  value: string;
  createdAt: Timestamp;
}

export interface TemplateSignatureFieldsTable {
  id: Generated<number>;
  templateId: number;
  party: SignatureFieldParty;
  kind: SignatureFieldKind;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  createdAt: Timestamp;
}

/** A signatory's consent to sign electronically: given in the confirmation, or implied by an API call without it. */
export interface SigningConsentsTable {
  id: Generated<number>;
  ndaId: number;
  userId: number;
  side: 'recipient' | 'sender';
  via: 'confirmation' | 'api';
  ip: Generated<string>;
  userAgent: Generated<string>;
  givenAt: Timestamp;
}

export interface Database {
  commentThreads: CommentThreadsTable;
  pointers: PointersTable;
  comments: CommentsTable;
  negotiations: NegotiationsTable;
  threadProposals: ThreadProposalsTable;
  threadNotes: ThreadNotesTable;
  heldProposals: HeldProposalsTable;
  signatureFields: SignatureFieldsTable;
  templateSignatureFields: TemplateSignatureFieldsTable;
  signingConsents: SigningConsentsTable;
  projects: ProjectsTable;
  projectMembers: ProjectMembersTable;
  dealDocuments: DealDocumentsTable;
  dealDocumentReleases: DealDocumentReleasesTable;
  dealDocumentCopies: DealDocumentCopiesTable;
  documentViews: DocumentViewsTable;
  documentViewPages: DocumentViewPagesTable;
  engagementDigests: EngagementDigestsTable;
  ndaTemplates: NdaTemplatesTable;
  documentClauses: DocumentClausesTable;
  documentSources: DocumentSourcesTable;
  redlineImports: RedlineImportsTable;
  playbookClauses: PlaybookClausesTable;
  projectBranches: ProjectBranchesTable;
  ndas: NdasTable;
  signerGroups: SignerGroupsTable;
  signerGroupUsers: SignerGroupUsersTable;
  projectBranchSignerGroups: ProjectBranchSignerGroupsTable;
  signerships: SignershipsTable;
  contacts: ContactsTable;
  events: EventsTable;
  eventReads: EventReadsTable;
  companies: CompaniesTable;
  users: UsersTable;
  oneTimeTokens: OneTimeTokensTable;
  refreshTokens: RefreshTokensTable;
  authAttempts: AuthAttemptsTable;
  contactMessages: ContactMessagesTable;
  outboxEmails: OutboxEmailsTable;
  pendingSeals: PendingSealsTable;
  notifications: NotificationsTable;
  ndaReminders: NdaRemindersTable;
  billingProducts: BillingProductsTable;
  billingPrices: BillingPricesTable;
  subscriptions: SubscriptionsTable;
  subscriptionAddons: SubscriptionAddonsTable;
  checkoutSessions: CheckoutSessionsTable;
  invoices: InvoicesTable;
  invoiceNumberCounters: InvoiceNumberCountersTable;
  invoiceLines: InvoiceLinesTable;
  oneTimePurchases: OneTimePurchasesTable;
  billingEvents: BillingEventsTable;
  appSecrets: AppSecretsTable;
  reportNdaMoves: ReportNdaMovesTable;
  reportProjectMonths: ReportProjectMonthsTable;
  reportProjectNdas: ReportProjectNdasTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type OutboxEmailRow = Selectable<OutboxEmailsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type DealDocumentRow = Selectable<DealDocumentsTable>;
export type NdaRow = Selectable<NdasTable>;
export type ProjectBranchRow = Selectable<ProjectBranchesTable>;
export type NdaTemplateRow = Selectable<NdaTemplatesTable>;
export type SignershipRow = Selectable<SignershipsTable>;
export type ContactRow = Selectable<ContactsTable>;
export type EventRow = Selectable<EventsTable>;
export type CommentThreadRow = Selectable<CommentThreadsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type PointerRow = Selectable<PointersTable>;
export type ThreadProposalRow = Selectable<ThreadProposalsTable>;
export type SignatureFieldRow = Selectable<SignatureFieldsTable>;
export type SigningConsentRow = Selectable<SigningConsentsTable>;
export type BillingPriceRow = Selectable<BillingPricesTable>;
export type BillingProductRow = Selectable<BillingProductsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
