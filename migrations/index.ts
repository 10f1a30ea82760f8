import type { Migration } from 'kysely/migration';
import * as m0001 from './2026_11_22_0001_accounts.js';
import * as m0002 from './2026_11_22_0002_projects.js';
import * as m0003 from './2026_11_22_0003_negotiation.js';
import * as m0004 from './2026_11_22_0004_proposals.js';
import * as m0005 from './2026_11_23_0001_signature_fields.js';
import * as m0006 from './2026_11_23_0003_job_title.js';
import * as m0007 from './2026_11_23_0004_notifications.js';
import * as m0008 from './2026_11_23_0005_rejection_reason.js';
import * as m0010 from './2026_11_23_0010_billing.js';
import * as m0020 from './2026_11_23_0020_report_indexes.js';
import * as m0030 from './2026_11_23_0030_contact_messages.js';
import * as m0040 from './2026_11_23_0040_app_secrets.js';
import * as m0041 from './2026_11_23_0041_socket_io_attachments.js';
import * as m0050 from './2026_11_23_0050_report_rollups.js';
import * as m0110 from './2026_11_27_0010_invoice_details.js';
import * as m0120 from './2026_11_27_0020_signing_parties.js';
import * as m0200 from './2026_11_27_0200_pending_seals.js';
import * as m0250 from './2026_11_27_0250_evidence.js';
import * as m0400 from './2026_11_27_0400_document_clauses.js';
import * as m0401 from './2026_11_27_0401_playbooks.js';
import * as m0500 from './2026_11_27_0500_nda_timetable.js';
import * as m0600 from './2026_11_27_0600_notes_and_approval.js';
import * as m0800 from './2026_11_27_0800_document_sources.js';
import * as m0900 from './2026_11_27_0900_deal_documents.js';
import * as m1000 from './2026_11_27_1000_redline_imports.js';
import * as m1100 from './2026_11_27_1100_deal_document_copies.js';
import * as m1200 from './2026_11_27_1200_document_views.js';

/** Every migration, in order. Landed migrations are frozen: add a new file instead of editing one. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': m0001,
  '2026_11_22_0002_projects': m0002,
  '2026_11_22_0003_negotiation': m0003,
  '2026_11_22_0004_proposals': m0004,
  '2026_11_23_0001_signature_fields': m0005,
  '2026_11_23_0003_job_title': m0006,
  '2026_11_23_0004_notifications': m0007,
  '2026_11_23_0005_rejection_reason': m0008,
  '2026_11_23_0010_billing': m0010,
  '2026_11_23_0020_report_indexes': m0020,
  '2026_11_23_0030_contact_messages': m0030,
  '2026_11_23_0040_app_secrets': m0040,
  '2026_11_23_0041_socket_io_attachments': m0041,
  '2026_11_23_0050_report_rollups': m0050,
  '2026_11_27_0010_invoice_details': m0110,
  '2026_11_27_0020_signing_parties': m0120,
  '2026_11_27_0200_pending_seals': m0200,
  '2026_11_27_0250_evidence': m0250,
  '2026_11_27_0400_document_clauses': m0400,
  '2026_11_27_0401_playbooks': m0401,
  '2026_11_27_0500_nda_timetable': m0500,
  '2026_11_27_0600_notes_and_approval': m0600,
  '2026_11_27_0800_document_sources': m0800,
  '2026_11_27_0900_deal_documents': m0900,
  '2026_11_27_1000_redline_imports': m1000,
  '2026_11_27_1100_deal_document_copies': m1100,
  '2026_11_27_1200_document_views': m1200,
};
