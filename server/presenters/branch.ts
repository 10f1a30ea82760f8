import { type ColorStatus, groupColor } from '@shared/colors.js';
import { awaitsCountersignature } from '@shared/nda-lifecycle.js';
import { deadlinePassed, effectiveDeadline } from '@shared/timetable.js';
import type { ProjectBranchRow } from '../db/schema.js';
import { presentSignership, type SignershipDto, type SignershipFacts } from './signership.js';

export interface BranchNdaDto {
  id: number;
  name: string;
  isSent: boolean;
  isRecalled: boolean;
  isSigned: boolean;
  /** Signed, its seal waiting for a timestamp authority: no signed file to download yet. */
  sealPending: boolean;
  sentAt: string | null;
  /** Signed by the bidder, the sending side's countersignature pending (null otherwise). */
  recipientSignedAt: string | null;
}

/** The spec's project branch (recipient group), as the dashboard tracker shows it. */
export interface BranchDto {
  id: number;
  name: string;
  project: number;
  /** The recipients' colours aggregated (yellow, then red, then green); the group's own tag when none has one. */
  colorStatus: ColorStatus | null;
  signers: number[];
  signerGroups: number[];
  nda: BranchNdaDto | null;
  unresolvedCommentsCount: number;
  signerships: SignershipDto[];
  /** A recipient of the group passed on the opportunity: its negotiation is closed (a recipient sees this, not who). */
  passed: boolean;
  allowComments: boolean;
  sendTeaser: boolean;
  inheritNdaFromProject: boolean;
  /** The group's own NDA deadline (UTC); null: it follows the project's. */
  ndaDeadline: string | null;
  /** The deadline that applies: the group's own, else the project's; null: none. */
  effectiveNdaDeadline: string | null;
  /** The deadline has passed with the group's NDA sent and not signed: it can no longer be signed. */
  expired: boolean;
  /** Whom a recipient contacts about the NDA (the project's owner). */
  adviser: { name: string; email: string };
  created: string;
}

export interface BranchFacts {
  nda: {
    id: number;
    name: string;
    isSent: boolean;
    isRecalled: boolean;
    isSigned: boolean;
    sealPending: boolean;
    sentAt: Date | null;
    recipientSignedAt: Date | null;
  } | null;
  signerGroups: number[];
  signerships: SignershipFacts[];
  unresolvedCommentsCount: number;
  passed: boolean;
  /** Tags are the sending team's own notes: a recipient never sees them. */
  showColors: boolean;
  /**
   * For a recipient, the name they see for their group: the group's name is the sending team's own
   * label (which may say what the team thinks of the bidder), so it never reaches them.
   */
  recipientName: string | null;
  projectDeadline: Date | null;
  adviser: { name: string; email: string };
}

/** What a recipient sees in place of the group's label: their own company's name, else their own name. */
export function recipientGroupName(signer: {
  companyName: string | null;
  firstName: string;
  lastName: string;
  email: string;
}): string {
  return signer.companyName?.trim() || `${signer.firstName} ${signer.lastName}`.trim() || signer.email;
}

export function presentBranch(row: ProjectBranchRow, facts: BranchFacts, now: Date): BranchDto {
  const ndaSigned = facts.nda?.isSigned ?? false;
  const aggregated = groupColor(facts.signerships.map((s) => s.colorStatus));
  const deadline = effectiveDeadline(row.ndaDeadline, facts.projectDeadline);
  const unsigned = !!facts.nda?.isSent && !ndaSigned && !facts.nda.isRecalled && !awaitsCountersignature(facts.nda);
  // Passed by now, or recorded as passed by the timetable (nda_expired).
  const recorded = deadline !== null && row.expiredDeadline?.getTime() === deadline.getTime();
  const expired = unsigned && (recorded || deadlinePassed(deadline, now));
  return {
    id: row.id,
    name: facts.recipientName ?? row.name,
    project: row.projectId,
    colorStatus: facts.showColors ? (aggregated ?? row.colorStatus) : null,
    signers: facts.signerships.map((s) => s.user.id),
    signerGroups: facts.signerGroups,
    nda: facts.nda
      ? {
          ...facts.nda,
          sentAt: facts.nda.sentAt?.toISOString() ?? null,
          recipientSignedAt: awaitsCountersignature(facts.nda)
            ? (facts.nda.recipientSignedAt?.toISOString() ?? null)
            : null,
        }
      : null,
    unresolvedCommentsCount: facts.unresolvedCommentsCount,
    signerships: facts.signerships.map((s) =>
      presentSignership(s, { sendTeaser: row.sendTeaser, ndaSigned }, facts.showColors),
    ),
    passed: facts.passed,
    allowComments: row.allowComments,
    sendTeaser: row.sendTeaser,
    inheritNdaFromProject: row.inheritNdaFromProject,
    ndaDeadline: row.ndaDeadline?.toISOString() ?? null,
    effectiveNdaDeadline: deadline?.toISOString() ?? null,
    expired,
    adviser: facts.adviser,
    created: row.createdAt.toISOString(),
  };
}

/** The spec's signer group: a named set of recipients (user ids) of the company. */
export interface SignerGroupDto {
  id: number;
  name: string;
  users: number[];
  created: string;
}

export function presentSignerGroup(
  row: { id: number; name: string; createdAt: Date },
  users: number[],
): SignerGroupDto {
  return { id: row.id, name: row.name, users, created: row.createdAt.toISOString() };
}
