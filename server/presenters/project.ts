import { API_BASE } from '@shared/constants.js';
import type { Countersignature, ReleaseDocumentsOn } from '@shared/schemas/projects.js';
import type { ReminderSettings } from '@shared/timetable.js';
import type { ProjectRow } from '../db/schema.js';
import type { ProjectAccess } from '../policies/project.js';

/** Status icons of a project card, each read from rows the viewer may see. */
export interface ProjectStatusDto {
  /** A comment thread or comment was written. */
  comment: boolean;
  /** The viewer received the project as a recipient (it was not initiated by their team). */
  received: boolean;
  /** A recipient passed on the opportunity. */
  refused: boolean;
  ndaSent: boolean;
  ndaSigned: boolean;
}

/** The spec's Project, as the viewer may see it: a recipient sees only their groups and no team. */
export interface ProjectDto {
  id: number;
  name: string;
  summary: string;
  members: number[];
  teaser: string | null;
  teaserName: string | null;
  cim: string | null;
  cimName: string | null;
  isArchived: boolean;
  projectBranches: number[];
  created: string;
  /** The account that created the project. */
  user: number;
  company: number;
  companyName: string;
  status: ProjectStatusDto;
  unreadEventsCount: number;
  /** How the viewer relates to the project: owner, manager (team member on it) or signer (read-only). */
  access: ProjectAccess;
  /** The seller or client the project acts for (empty: the sending company discloses in its own name). */
  disclosingPartyName: string;
  disclosingPartyAddress: string;
  /** The sending company signs as the disclosing party's agent (when one is named). */
  signsAsAgent: boolean;
  countersignature: Countersignature;
  releaseDocumentsOn: ReleaseDocumentsOn;
  /** The NDA deadline of every group without its own (UTC); null: none. */
  ndaDeadline: string | null;
  /** Reminders to unsigned recipients: the first firstAfterDays after sending, then every everyDays. */
  reminders: ReminderSettings;
  /** Internal approval of proposals: answered to the sending team; null to a recipient, who never learns of it. */
  proposalApproval: boolean | null;
  /**
   * The project members (besides the company's and the project's owner) who may release or discard held
   * proposals; null to a recipient.
   */
  approvers: number[] | null;
}

/** What the viewer may see of a project beyond its row; loaded in batches by queries/projects/project-facts.ts. */
export interface ProjectFacts {
  access: ProjectAccess;
  members: number[];
  /** The members who may release held proposals; null for a signer. */
  approvers: number[] | null;
  branchIds: number[];
  companyName: string;
  status: ProjectStatusDto;
  unreadEventsCount: number;
  showTeaser: boolean;
  showCim: boolean;
}

/** The file URL changes with the stored key, so a replaced teaser is never served from a stale cache. */
export function projectFileUrl(projectId: number, kind: 'teaser' | 'cim', key: string | null): string | null {
  if (!key) return null;
  const version = key.slice(-12).replace(/[^a-zA-Z0-9]/g, '');
  return `${API_BASE}/projects/projects/${projectId}/get_${kind}_pdf/?v=${version}`;
}

export function presentProject(row: ProjectRow, facts: ProjectFacts): ProjectDto {
  const teaser = facts.showTeaser ? projectFileUrl(row.id, 'teaser', row.teaserKey) : null;
  const cim = facts.showCim ? projectFileUrl(row.id, 'cim', row.cimKey) : null;
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    members: facts.members,
    teaser,
    teaserName: teaser ? row.teaserName : null,
    cim,
    cimName: cim ? row.cimName : null,
    isArchived: row.isArchived,
    projectBranches: facts.branchIds,
    created: row.createdAt.toISOString(),
    user: row.ownerId,
    company: row.companyId,
    companyName: facts.companyName,
    status: facts.status,
    unreadEventsCount: facts.unreadEventsCount,
    access: facts.access,
    disclosingPartyName: row.disclosingPartyName,
    disclosingPartyAddress: row.disclosingPartyAddress,
    signsAsAgent: row.signsAsAgent,
    countersignature: row.countersignature,
    releaseDocumentsOn: row.releaseDocumentsOn,
    ndaDeadline: row.ndaDeadline?.toISOString() ?? null,
    reminders: {
      firstAfterDays: row.remindersFirstAfterDays,
      everyDays: row.remindersEveryDays,
      enabled: row.remindersEnabled,
    },
    proposalApproval: facts.access === 'signer' ? null : row.proposalApproval,
    approvers: facts.access === 'signer' ? null : facts.approvers,
  };
}
