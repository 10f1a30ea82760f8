import { sql } from 'kysely';
import { decodeCsvBytes, isCsvFileName, MAX_CONTACT_CSV_BYTES, readContactCsv } from '@shared/csv.js';
import { CONTACT_MESSAGES, contactInput } from '@shared/schemas/contacts.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import { ensureAccount } from './ensure-recipient.js';
import { teamEmails } from './recipient-rules.js';

export interface CsvUploadResult {
  detail: string;
  created: number;
  skipped: number;
  errors: Array<{ row: number; message: string }>;
}

const fileError = (message: string, code: 'bad_request' | 'payload_too_large' = 'bad_request') =>
  AppError.fields(code === 'payload_too_large' ? 'payload_too_large' : 'upload_invalid', { file: message }, code);

/**
 * 'Upload list of buyers' on a project's tracker: good rows become contacts of the project's company,
 * each with its account (ensureAccount; contacts already there are kept and counted as skipped), bad rows are reported with their row number
 * (the header is row 1) and the reason. A file that is not a readable CSV is refused as a whole.
 */
export async function uploadContactsCsv(
  core: Core,
  {
    actor,
    projectId,
    upload: file,
  }: { actor: Actor; projectId: number; upload: { filename?: string; body: Buffer; tooLarge: boolean } | undefined },
): Promise<CsvUploadResult> {
  const { project } = await authorizeProject(core.db, actor, projectId, 'change');
  if (!file) throw fileError(CONTACT_MESSAGES.csvRequired);
  if (file.tooLarge || file.body.length > MAX_CONTACT_CSV_BYTES)
    throw fileError(CONTACT_MESSAGES.csvTooLarge, 'payload_too_large');
  if (!isCsvFileName(file.filename)) throw fileError(CONTACT_MESSAGES.csvNotCsv);
  const text = decodeCsvBytes(file.body);
  if (text === null) throw fileError(CONTACT_MESSAGES.csvNotCsv);
  const read = readContactCsv(text);
  if (!read.ok) {
    if (read.problem === 'empty') throw fileError(CONTACT_MESSAGES.csvEmpty);
    if (read.problem === 'columns') throw fileError(CONTACT_MESSAGES.csvColumns);
    if (read.problem === 'too_many_rows') throw fileError(CONTACT_MESSAGES.csvTooManyRows);
    throw fileError(`${CONTACT_MESSAGES.csvNotCsv} ${read.message}`);
  }

  const errors: CsvUploadResult['errors'] = [];
  const good: Array<{ row: number; firstName: string; lastName: string; email: string }> = [];
  for (const row of read.rows) {
    const parsed = contactInput.safeParse(row);
    if (parsed.success) good.push({ row: row.row, ...parsed.data });
    else errors.push({ row: row.row, message: parsed.error.issues.map((i) => i.message).join(' ') });
  }
  const team = await teamEmails(core.db, { companyId: project.companyId, emails: good.map((g) => g.email) });

  const { created, skipped } = await core.tx(async (tx) => {
    const emails = good.map((g) => g.email);
    const existing = new Set<string>();
    if (emails.length) {
      const known = await tx.db
        .selectFrom('contacts')
        .select(sql<string>`lower(email)`.as('email'))
        .where('companyId', '=', project.companyId)
        .where(sql`lower(email)`, 'in', emails)
        .execute();
      for (const k of known) existing.add(k.email);
    }
    let created = 0;
    let skipped = 0;
    const seen = new Set<string>();
    for (const g of good) {
      if (team.has(g.email)) {
        errors.push({ row: g.row, message: CONTACT_MESSAGES.teamMember });
      } else if (seen.has(g.email)) {
        errors.push({ row: g.row, message: CONTACT_MESSAGES.csvAlreadyInFile });
      } else if (existing.has(g.email)) {
        skipped += 1;
      } else {
        const inserted = await tx.db
          .insertInto('contacts')
          .values({
            companyId: project.companyId,
            email: g.email,
            firstName: g.firstName,
            lastName: g.lastName,
            userId: (await ensureAccount(tx, { invitedById: actor.user.id, input: g })).id,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) created += 1;
        else skipped += 1;
      }
      seen.add(g.email);
    }
    return { created, skipped };
  });
  errors.sort((a, b) => a.row - b.row);
  return { detail: CONTACT_MESSAGES.csvUploaded, created, skipped, errors };
}
