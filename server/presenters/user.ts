import type { Kysely } from 'kysely';
import { API_BASE, CURRENCY_SYMBOL } from '@shared/constants.js';
import type { Database, UserRow } from '../db/schema.js';

/** The spec's User. */
export interface UserDto {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  sign: string | null;
  createdAt: string;
  language: string;
  location: string;
  linkedinLink: string;
  /** Optional; signing fills it into the signature table's title fields. */
  jobTitle: string;
  company: number | null;
  companyName: string | null;
  referralKey: string;
  role: UserRow['role'];
  isMember: boolean;
  lastSeenEventId: number;
  currencySymbol: string;
  ownerOfProjects: number[];
  memberOfProjects: number[];
  /** Projects in which the user is a recipient of a sent NDA: their read-only view. */
  signerOfProjects: number[];
  /** The e-mail switches (shared/notifications.ts). */
  notifyNegotiation: boolean;
  notifyOutcomes: boolean;
  notifyReminders: boolean;
  notifyEngagement: boolean;
}

/** Image URLs change with the stored key, so browsers never show a stale avatar or signature. */
export function userImageUrl(userId: number, kind: 'avatar' | 'sign', key: string | null): string | null {
  if (!key) return null;
  const version = key.slice(-12).replace(/[^a-zA-Z0-9]/g, '');
  return `${API_BASE}/me/${userId}/${kind}/?v=${version}`;
}

export async function presentUser(db: Kysely<Database>, user: UserRow): Promise<UserDto> {
  const [company, owner, member, signer] = await Promise.all([
    user.companyId
      ? db.selectFrom('companies').select(['name']).where('id', '=', user.companyId).executeTakeFirst()
      : undefined,
    db.selectFrom('projects').select('id').where('ownerId', '=', user.id).orderBy('id').execute(),
    db
      .selectFrom('projectMembers')
      .select('projectId as id')
      .where('userId', '=', user.id)
      .orderBy('projectId')
      .execute(),
    db
      .selectFrom('signerships')
      .innerJoin('projectBranches', 'projectBranches.id', 'signerships.projectBranchId')
      .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
      .select('projectBranches.projectId as id')
      .distinct()
      .where('signerships.userId', '=', user.id)
      .where('ndas.isSent', '=', true)
      .orderBy('projectBranches.projectId')
      .execute(),
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: userImageUrl(user.id, 'avatar', user.avatarKey),
    sign: userImageUrl(user.id, 'sign', user.signKey),
    createdAt: user.createdAt.toISOString(),
    language: user.language,
    location: user.location,
    linkedinLink: user.linkedinLink,
    jobTitle: user.jobTitle,
    company: user.companyId,
    companyName: company?.name ?? null,
    referralKey: user.referralKey,
    role: user.role,
    isMember: user.role === 'member',
    lastSeenEventId: user.lastSeenEventId,
    currencySymbol: CURRENCY_SYMBOL,
    ownerOfProjects: owner.map((r) => r.id),
    memberOfProjects: member.map((r) => r.id),
    signerOfProjects: signer.map((r) => r.id),
    notifyNegotiation: user.notifyNegotiation,
    notifyOutcomes: user.notifyOutcomes,
    notifyReminders: user.notifyReminders,
    notifyEngagement: user.notifyEngagement,
  };
}
