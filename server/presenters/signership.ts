import type { ColorStatus } from '@shared/colors.js';

/** The spec's Signership: one recipient of a group, with their tag and where they stand. */
export interface SignershipDto {
  id: number;
  projectBranch: number;
  colorStatus: ColorStatus | null;
  lastEvent: { status: string; created: string } | null;
  signer: {
    id: number;
    email: string;
    company: { name: string };
    firstName: string;
    lastName: string;
    isRegistered: boolean;
  };
  sendTeaser: boolean;
  /** 'Signed' when the group's NDA is signed, else the last event's status, else '-'. */
  status: string;
  rejected: boolean;
  /** Why the recipient passed, in their words (null: they did not say, or did not pass). */
  rejectionReason: string | null;
  signed: boolean;
}

export interface SignershipFacts {
  id: number;
  projectBranchId: number;
  colorStatus: ColorStatus | null;
  rejectedAt: Date | null;
  rejectionReason: string | null;
  signedAt: Date | null;
  user: { id: number; email: string; firstName: string; lastName: string; registered: boolean };
  companyName: string;
  lastEvent: { status: string; createdAt: Date } | null;
}

export function presentSignership(
  s: SignershipFacts,
  group: { sendTeaser: boolean; ndaSigned: boolean },
  showColor: boolean,
): SignershipDto {
  return {
    id: s.id,
    projectBranch: s.projectBranchId,
    colorStatus: showColor ? s.colorStatus : null,
    lastEvent: s.lastEvent ? { status: s.lastEvent.status, created: s.lastEvent.createdAt.toISOString() } : null,
    signer: {
      id: s.user.id,
      email: s.user.email,
      company: { name: s.companyName },
      firstName: s.user.firstName,
      lastName: s.user.lastName,
      isRegistered: s.user.registered,
    },
    sendTeaser: group.sendTeaser,
    status: group.ndaSigned ? 'Signed' : (s.lastEvent?.status ?? '-'),
    rejected: s.rejectedAt !== null,
    rejectionReason: s.rejectedAt !== null ? s.rejectionReason : null,
    signed: s.signedAt !== null,
  };
}
