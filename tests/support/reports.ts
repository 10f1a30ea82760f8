import crypto from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database, NdasTable } from '@server/db/schema.js';

/**
 * A group's NDA written straight to the database, with no file behind it: for the reports' tests,
 * which count NDAs by state and never open them.
 */
export function insertNdaRow(
  db: Kysely<Database>,
  values: { projectId: number; projectBranchId: number } & Partial<Insertable<NdasTable>>,
): Promise<{ id: number }> {
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  return db
    .insertInto('ndas')
    .values({
      name: 'Mutual NDA',
      fileKey: `ndas/report-${crypto.randomBytes(6).toString('hex')}.pdf`,
      fileSha256: '0'.repeat(64),
      pageCount: 4,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
