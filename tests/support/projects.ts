import path from 'node:path';
import { expect } from 'vitest';
import type { ProjectDto } from '@server/presenters/project.js';
import type { BranchDto, SignerGroupDto } from '@server/presenters/branch.js';
import type { TestApp } from './app.js';
import { call, fixture, type FormPart, saveSignature } from './account-area.js';
import {
  createMember,
  createOwner,
  invitationPayload,
  latestMail,
  linkIn,
  loginAs,
  PASSWORD,
  type TestUser,
  uniqueEmail,
} from './factories.js';
import { post } from './http.js';

/** Helpers for the projects-area tests: projects, recipients, groups and sending, all through the API. */

export type Who = TestUser | null;

/** A REST call as a user (null: anonymous) answering status and body. */
export function api(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  who: Who,
  opts: { json?: unknown; form?: FormPart[]; headers?: Record<string, string> } = {},
) {
  return call(t, method, path, { access: who?.access ?? null, ...opts });
}

/** Adds a deal document to a project as `who` from a PDF fixture, with its title and release rule; answers its id. */
export async function addDealDocument(
  t: TestApp,
  who: TestUser,
  projectId: number,
  doc: { title: string; release: string; file: string },
): Promise<number> {
  const res = await api(t, 'POST', `/projects/projects/${projectId}/documents/`, who, {
    form: [
      { name: 'title', value: doc.title },
      { name: 'release', value: doc.release },
      {
        name: 'file',
        file: { filename: path.basename(doc.file), contentType: 'application/pdf', body: fixture(doc.file) },
      },
    ],
  });
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}

/** Expects a status, showing the body when it differs. */
export function expectStatus(res: { status: number; body: unknown }, status: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
}

export interface Team {
  owner: TestUser;
  /** Team member who will be put on the project. */
  member: TestUser;
  /** Team member of the same company not on the project. */
  outsider: TestUser;
  /** Owner of another company. */
  stranger: TestUser;
}

/** An owner with a saved signature and two team members (one seat bought), and another company's owner. */
export async function createTeam(t: TestApp): Promise<Team> {
  const [owner, stranger] = await Promise.all([createOwner(t), createOwner(t, { company_name: 'Stranger Partners' })]);
  await Promise.all([saveSignature(t, owner), saveSignature(t, stranger)]);
  const [member, outsider] = await Promise.all([createMember(t, owner), createMember(t, owner)]);
  return { owner, member, outsider, stranger };
}

export async function createProject(
  t: TestApp,
  who: TestUser,
  fields: { name?: string; summary?: string; members?: number[] } = {},
): Promise<ProjectDto> {
  const res = await api(t, 'POST', '/projects/projects/', who, {
    json: { name: 'Project Falcon', summary: 'Sale of a logistics group', ...fields },
  });
  expectStatus(res, 201);
  return res.body as ProjectDto;
}

/** The project NDA, uploaded through the NDA call (the documents area) from the shared mutual NDA fixture. */
export async function uploadProjectNda(t: TestApp, who: TestUser, projectId: number): Promise<{ id: number }> {
  const res = await api(t, 'POST', '/projects/nda/', who, {
    form: [
      { name: 'project', value: String(projectId) },
      { name: 'name', value: 'Mutual NDA' },
      {
        name: 'file',
        file: { filename: 'mutual-nda.pdf', contentType: 'application/pdf', body: fixture('ndas/mutual-nda.pdf') },
      },
    ],
  });
  expectStatus(res, 201);
  return res.body as { id: number };
}

export interface Recipient {
  firstName: string;
  lastName: string;
  email: string;
}

export function recipient(prefix = 'buyer', firstName = 'Bella', lastName = 'Buyer'): Recipient {
  return { firstName, lastName, email: uniqueEmail(prefix) };
}

/** POST /projects/contacts/resolve/: the user ids behind typed recipients. */
export async function resolve(t: TestApp, who: TestUser, recipients: Recipient[]): Promise<number[]> {
  const res = await api(t, 'POST', '/projects/contacts/resolve/', who, { json: { recipients } });
  expectStatus(res, 200);
  return (res.body as { users: number[] }).users;
}

export async function createSignerGroup(
  t: TestApp,
  who: TestUser,
  users: number[],
  name = 'Northwind',
): Promise<SignerGroupDto> {
  const res = await api(t, 'POST', '/projects/signers_group/', who, { json: { name, users } });
  expectStatus(res, 201);
  return res.body as SignerGroupDto;
}

export async function createGroup(
  t: TestApp,
  who: TestUser,
  projectId: number,
  signerGroups: number[],
  opts: { name?: string; allowComments?: boolean; sendTeaser?: boolean; inheritNdaFromProject?: boolean } = {},
): Promise<BranchDto> {
  const res = await api(t, 'POST', '/projects/project_branches/', who, {
    json: {
      name: 'Northwind',
      project: projectId,
      signer_groups: signerGroups,
      allow_comments: true,
      send_teaser: false,
      inherit_nda_from_project: true,
      ...snake(opts),
    },
  });
  expectStatus(res, 201);
  return res.body as BranchDto;
}

/** Recipients typed, grouped and made a group of the project in one go (the recipients page). */
export async function addRecipientsGroup(
  t: TestApp,
  who: TestUser,
  projectId: number,
  recipients: Recipient[],
  opts: Parameters<typeof createGroup>[4] = {},
) {
  const users = await resolve(t, who, recipients);
  const signerGroup = await createSignerGroup(t, who, users, opts.name ?? 'Northwind');
  const group = await createGroup(t, who, projectId, [signerGroup.id], opts);
  return { users, signerGroup, group };
}

export async function sendToAll(t: TestApp, who: Who, branchId: number, extra: Record<string, unknown> = {}) {
  return api(t, 'POST', `/projects/dashboard/${branchId}/send_nda_to_all_signers/`, who, {
    json: {
      project_branch: branchId,
      subject: 'Project Falcon NDA',
      note: 'Please review the attached NDA.',
      ...extra,
    },
  });
}

export async function sendToSigner(
  t: TestApp,
  who: Who,
  branchId: number,
  signer: number,
  extra: Record<string, unknown> = {},
) {
  return api(t, 'POST', `/projects/dashboard/${branchId}/send_nda_to_signer/`, who, {
    json: {
      project_branch: branchId,
      subject: 'Project Falcon NDA',
      note: 'Please review the attached NDA.',
      signer,
      ...extra,
    },
  });
}

/** uid and token of the newest signer invitation link e-mailed to an address (APP_URL/signer_invitation/<uid>:<token>). */
export async function signerInvitationLink(
  t: TestApp,
  email: string,
): Promise<{ uid: string; token: string; url: string }> {
  const mail = await latestMail(t, email);
  if (!mail) throw new Error(`no mail for ${email}`);
  const { url, rest } = linkIn(t, mail, '/signer_invitation/');
  const colon = rest.indexOf(':');
  return { uid: rest.slice(0, colon), token: rest.slice(colon + 1), url };
}

/** Follows the invitation link of the newest NDA e-mail: registers the signer with their company and signs in. */
export async function registerInvitedSigner(
  t: TestApp,
  email: string,
  companyName = 'Northwind Capital',
): Promise<TestUser> {
  const link = await signerInvitationLink(t, email);
  const res = await post(
    t,
    '/registration/signer_invitation_confirm/',
    invitationPayload(link, { company_name: companyName, first_name: 'Bella', last_name: 'Buyer' }),
  );
  expectStatus(res, 200);
  const session = await loginAs(t, email);
  return { ...session, id: session.user.id, email, password: PASSWORD };
}

/** The event types written for a project, oldest first (from the events table). */
export async function eventTypes(t: TestApp, projectId: number, since = 0): Promise<string[]> {
  const rows = await t.core.db
    .selectFrom('events')
    .select('status')
    .where('projectId', '=', projectId)
    .where('id', '>', since)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.status);
}

export async function lastEventId(t: TestApp): Promise<number> {
  const row = await t.core.db
    .selectFrom('events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

function snake(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
}

/** Sets the company's purchased extra projects directly (billing has no call yet). */
export async function setExtraProjects(t: TestApp, companyId: number, extra: number): Promise<void> {
  await t.core.db.updateTable('companies').set({ extraProjects: extra }).where('id', '=', companyId).execute();
}

export interface Scene extends Team {
  project: ProjectDto;
  nda: { id: number };
  groupA: BranchDto;
  groupB: BranchDto;
  recipientA: Recipient;
  recipientB: Recipient;
  /** Registered signer of group A (followed the e-mailed invitation). */
  signerA: TestUser;
  /** Registered signer of group B. */
  signerB: TestUser;
}

/**
 * The usual cast: an owner's project with one team member on it and one not, the project NDA, two
 * groups with one recipient each, the NDA sent to both, and both recipients registered from their e-mail.
 */
export async function createScene(t: TestApp): Promise<Scene> {
  const team = await createTeam(t);
  await setExtraProjects(t, team.owner.user.company!, 50);
  const project = await createProject(t, team.owner, { members: [team.member.id] });
  const nda = await uploadProjectNda(t, team.owner, project.id);
  const recipientA = recipient('signer-a', 'Alice', 'Alpha');
  const recipientB = recipient('signer-b', 'Bruno', 'Beta');
  const { group: groupA } = await addRecipientsGroup(t, team.owner, project.id, [recipientA], { name: 'Group A' });
  const { group: groupB } = await addRecipientsGroup(t, team.owner, project.id, [recipientB], { name: 'Group B' });
  expectStatus(await sendToAll(t, team.owner, groupA.id), 200);
  expectStatus(await sendToAll(t, team.owner, groupB.id), 200);
  const [signerA, signerB] = await Promise.all([
    registerInvitedSigner(t, recipientA.email, 'Alpha Capital'),
    registerInvitedSigner(t, recipientB.email, 'Beta Partners'),
  ]);
  return { ...team, project, nda, groupA, groupB, recipientA, recipientB, signerA, signerB };
}
