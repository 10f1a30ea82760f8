import type { Kysely } from 'kysely';
import type { CompanyRow, Database, ProjectRow, UserRow } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import type { Party } from '@server/services/signing/types.js';

/** Where the sending company last acted on the NDA through the product (queries/signing/signing-record.ts). */
export type SenderAct = { ip: string; recordedFor: string } | null;

export const fullName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * The sender does not sign by hand: the account owner's saved signature is applied when the recipient
 * signs, under the authority the account gives for the NDAs it sends. The certificate says so.
 */
function appliedStatement(owner: string, company: string, preview: boolean): string {
  return (
    `${preview ? 'How it will be applied' : 'How it was applied'}: the saved signature of ${owner}, owner of ` +
    `the ${company} account, applied by NDA Workspace at the receiving party’s signing, under the standing ` +
    'authority the account holder gives to sign the NDAs the account sends.'
  );
}

export async function senderCompanyAndOwner(db: Kysely<Database>, senderCompanyId: number) {
  const company = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', senderCompanyId)
    .executeTakeFirstOrThrow();
  const owner = company.ownerId
    ? await db.selectFrom('users').selectAll().where('id', '=', company.ownerId).executeTakeFirst()
    : undefined;
  return { company, owner };
}

/** What a project says of the party it discloses for. */
export type DisclosingParty = Pick<ProjectRow, 'disclosingPartyName' | 'disclosingPartyAddress' | 'signsAsAgent'>;

/**
 * The disclosing side as the document names it: the seller or client the project names, signed for by
 * the sending company as its agent when the project says so; without one, the sending company itself.
 */
export function disclosingSide(company: Pick<CompanyRow, 'name' | 'address'>, project: DisclosingParty) {
  const principal = project.disclosingPartyName.trim();
  if (!principal) return { company: company.name, companyAddress: company.address };
  return {
    company: principal,
    companyAddress: project.disclosingPartyAddress.trim(),
    ...(project.signsAsAgent ? { agent: company.name } : {}),
  };
}

export function senderParty(
  company: CompanyRow,
  owner: UserRow | undefined,
  act: SenderAct,
  signed: { signature: Uint8Array; signedAt: Date } | null,
  project: DisclosingParty,
): Party {
  const name = owner ? fullName(owner) : company.name;
  return {
    role: 'Disclosing party',
    name,
    // The owner's saved signature is the company's, so their job title is the sender's title.
    title: owner?.jobTitle ?? '',
    email: owner?.email ?? '',
    ...disclosingSide(company, project),
    signature: signed?.signature ?? null,
    signedAt: signed?.signedAt.toISOString() ?? null,
    ip: act?.ip ?? '',
    ipRecordedFor:
      act?.recordedFor ??
      'No IP recorded: nobody of the sending company sent or approved this NDA through NDA Workspace.',
    applied: appliedStatement(name, company.name, signed === null),
  };
}

/**
 * Both parties as a preview shows them, before anyone signs: the sender as at signing, and as the
 * recipient the viewing signer, or for the sender's team the group's signers (any one of them may sign).
 * Nothing is required yet: missing details show as they stand.
 */
export async function previewParties(
  db: Kysely<Database>,
  {
    actor,
    branchId,
    project,
    senderAct,
  }: { actor: Actor; branchId: number; project: ProjectRow; senderAct: SenderAct },
) {
  const { company, owner } = await senderCompanyAndOwner(db, project.companyId);
  const signers = await db
    .selectFrom('signerships')
    .innerJoin('users', 'users.id', 'signerships.userId')
    .leftJoin('companies', 'companies.id', 'users.companyId')
    .select([
      'users.id',
      'users.firstName',
      'users.lastName',
      'users.email',
      'users.jobTitle',
      'companies.name as company',
      'companies.address as address',
    ])
    .where('signerships.projectBranchId', '=', branchId)
    .where('users.isDeleted', '=', false)
    .orderBy('signerships.id')
    .execute();
  const own = signers.filter((s) => s.id === actor.user.id);
  const shown = own.length ? own : signers;
  const recipient: Party = {
    role: 'Receiving party',
    name: shown.map(fullName).join(' or ') || 'the group’s signer',
    // One title per signatory: with several possible signers the box waits for the one who signs.
    title: shown.length === 1 ? shown[0]!.jobTitle : '',
    email: shown.length === 1 ? shown[0]!.email : '',
    company: [...new Set(shown.map((s) => s.company ?? '').filter(Boolean))].join(' or '),
    companyAddress: shown.length === 1 ? (shown[0]!.address ?? '') : '',
    signature: null,
    signedAt: null,
    ip: '',
  };
  return { sender: senderParty(company, owner, senderAct, null, project), recipient };
}
