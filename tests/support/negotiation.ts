import crypto from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import { documentClauses } from '@server/queries/ndas/document-clauses.js';
import { call, fixture, pngBytes, saveSignature } from './account-area.js';
import { startTestApp, type TestApp } from './app.js';
import { createMember, createOwner, invitationPayload, invite, loginAs, PASSWORD, type TestUser } from './factories.js';
import { post } from './http.js';
import { SETUP_MS, withTimeout } from './wait.js';

/**
 * The cast and the deals of the negotiation and signing tests. People are made through the real API
 * (registration, activation, invitations, login, signature upload); projects, groups, NDAs and
 * signerships are written straight into the database and blob store, since creating and sending
 * them is another area's API.
 */

export interface Cast {
  /** The sending company's owner, with a saved signature (stamped on signed NDAs). */
  owner: TestUser;
  /** A team member of the owner's company who is on the deals' projects (sender side too). */
  manager: TestUser;
  /** A team member of the owner's company who is not on any project. */
  member: TestUser;
  /** Two signers of group A (their own companies, with address and signature unless `bare`). */
  signerA1: TestUser;
  signerA2: TestUser;
  /** The signer of group B. */
  signerB: TestUser;
  /** The owner of another company. */
  stranger: TestUser;
}

/** An invited signer who registered with their own company and names of their own, signed in. */
export async function createNamedSigner(
  t: TestApp,
  owner: TestUser,
  first: string,
  last: string,
  companyName: string,
): Promise<TestUser> {
  const inv = await invite(t, owner, 'signer');
  const res = await post(
    t,
    '/registration/signer_invitation_confirm/',
    invitationPayload(inv, { first_name: first, last_name: last, company_name: companyName }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await loginAs(t, inv.email);
  return { ...session, id: session.user.id, email: inv.email, password: PASSWORD };
}

/** What a signer needs to sign: their company's address (PUT /company/{id}/ as the signing form does) and a saved signature. */
export async function makeReadyToSign(
  t: TestApp,
  signer: TestUser,
  parts: { address?: boolean; signature?: boolean } = {},
): Promise<void> {
  if (parts.address ?? true) {
    const res = await call(t, 'PUT', `/company/${signer.user.company}/`, {
      access: signer.access,
      json: {
        name: signer.user.companyName ?? 'Signer Co',
        address: '1 Harbour Street, Boston MA',
        registration_number: 'REG-1',
        vat: '',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  if (parts.signature ?? true) await saveSignature(t, signer, pngBytes(60, 20));
}

export async function createCast(t: TestApp, opts: { signersReady?: boolean } = {}): Promise<Cast> {
  const [owner, stranger] = await Promise.all([
    createOwner(t, { first_name: 'Olivia', last_name: 'Owner', company_name: 'Adviser Partners LLP' }),
    createOwner(t, { first_name: 'Rita', last_name: 'Rival', company_name: 'Rival Advisory Ltd' }),
  ]);
  const [manager, member, signerA1, signerA2, signerB] = await Promise.all([
    createMember(t, owner),
    createMember(t, owner),
    createNamedSigner(t, owner, 'Alice', 'Acquirer', 'Buyer A Capital'),
    createNamedSigner(t, owner, 'Arthur', 'Associate', 'Buyer A Partners'),
    createNamedSigner(t, owner, 'Boris', 'Bidder', 'Buyer B Holdings'),
  ]);
  await saveSignature(t, owner, pngBytes(60, 20));
  if (opts.signersReady ?? true) await Promise.all([signerA1, signerA2, signerB].map((s) => makeReadyToSign(t, s)));
  return { owner, manager, member, signerA1, signerA2, signerB, stranger };
}

export interface Group {
  branchId: number;
  ndaId: number;
  /** Signership id by user id. */
  signerships: Record<number, number>;
}

export interface Deal {
  projectId: number;
  a: Group;
  b: Group;
}

const NDA_PDF = () => fixture('ndas/mutual-nda.pdf');

/**
 * A group of a project with its NDA (the fixture, 4 pages) and signerships for the given users. Once
 * sent, each signer opens it as the review page does (signing needs it), unless `opened` is false.
 */
export async function insertGroup(
  t: TestApp,
  projectId: number,
  signers: TestUser[],
  opts: { name?: string; allowComments?: boolean; isSent?: boolean; opened?: boolean } = {},
): Promise<Group> {
  const db = t.core.db;
  // Database trigger project_branches_report_months (migration 2026_11_23_0050) counts the group in the reports.
  const branch = await db
    .insertInto('projectBranches')
    .values({
      projectId,
      name: opts.name ?? 'Buyers',
      allowComments: opts.allowComments ?? true,
      inheritNdaFromProject: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pdf = NDA_PDF();
  const fileKey = `ndas/test-${crypto.randomBytes(8).toString('hex')}.pdf`;
  await t.core.blobs.put(fileKey, pdf, 'application/pdf');
  const sent = opts.isSent ?? true;
  const fileSha256 = crypto.createHash('sha256').update(pdf).digest('hex');
  // Its clauses, as storing an NDA through the API keeps them (once per file).
  await documentClauses(t.core, { fileSha256, pdf });
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  const nda = await db
    .insertInto('ndas')
    .values({
      projectId,
      projectBranchId: branch.id,
      name: 'Mutual NDA',
      fileKey,
      fileSha256,
      pageCount: 4,
      isSent: sent,
      sentAt: sent ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signerships: Record<number, number> = {};
  for (const s of signers) {
    const row = await db
      .insertInto('signerships')
      .values({ projectBranchId: branch.id, userId: s.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    signerships[s.id] = row.id;
  }
  if (sent && (opts.opened ?? true)) for (const s of signers) await openNda(t, s, nda.id);
  return { branchId: branch.id, ndaId: nda.id, signerships };
}

/** A party opens the NDA as the NDA page does: reading its document records their first nda_opened. */
export async function openNda(
  t: TestApp,
  user: Pick<TestUser, 'access'>,
  ndaId: number,
  opts: { ip?: string } = {},
): Promise<void> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}/projects/nda/${ndaId}/get_nda_pdf/`,
    headers: { authorization: `Bearer ${user.access}`, 'user-agent': 'NDA test browser/1.0' },
    remoteAddress: opts.ip,
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
}

/**
 * A project of the owner's company (owned by `owner`, with the manager as a member) and two groups,
 * each with a sent NDA: A with signers A1 and A2, B with signer B.
 */
export async function createDeal(
  t: TestApp,
  cast: Pick<Cast, 'owner' | 'signerA1' | 'signerA2' | 'signerB'> & { manager?: TestUser },
  opts: { owner?: TestUser; allowCommentsA?: boolean; sentA?: boolean; name?: string } = {},
): Promise<Deal> {
  const owner = opts.owner ?? cast.owner;
  const project = await t.core.db
    .insertInto('projects')
    .values({ companyId: owner.user.company!, ownerId: owner.id, name: opts.name ?? 'Project Falcon' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (cast.manager && !opts.owner)
    await t.core.db.insertInto('projectMembers').values({ projectId: project.id, userId: cast.manager.id }).execute();
  const a = await insertGroup(t, project.id, [cast.signerA1, cast.signerA2], {
    name: 'Group A',
    allowComments: opts.allowCommentsA,
    isSent: opts.sentA,
  });
  const b = await insertGroup(t, project.id, [cast.signerB], { name: 'Group B' });
  return { projectId: project.id, a, b };
}

/** What recall (another area) does to an NDA row. */
export async function setNda(
  t: TestApp,
  ndaId: number,
  state: { isRecalled?: boolean; isSigned?: boolean; isSent?: boolean },
): Promise<void> {
  // Database trigger ndas_report_states (migration 2026_11_23_0050) recounts the reports' NDAs by state.
  await t.core.db.updateTable('ndas').set(state).where('id', '=', ndaId).execute();
}

// ---------------------------------------------------------------------------------------------
// REST calls of this area.

export interface Res<T = any> {
  status: number;
  body: T;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON call under /api/v1 as a user (or anonymously with null), from 127.0.0.1 or the given IP. */
export async function api<T = any>(
  t: TestApp,
  method: Method,
  path: string,
  user: Pick<TestUser, 'access'> | null,
  json?: unknown,
  opts: { ip?: string } = {},
): Promise<Res<T>> {
  const res = await t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: user ? { authorization: `Bearer ${user.access}` } : {},
    payload: json as object | undefined,
    remoteAddress: opts.ip,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

export interface PointerIn {
  page: number;
  x: number;
  y: number;
}

export const somewhere: PointerIn[] = [{ page: 1, x: 0.25, y: 0.5 }];

export function createThread(
  t: TestApp,
  user: TestUser | null,
  ndaId: number,
  text = 'Clause 4 should be mutual.',
  pointers: PointerIn[] = somewhere,
) {
  return api(t, 'POST', '/projects/comment_threads/', user, { nda: ndaId, text, pointers });
}

/** Creates a thread and answers its id (expects 201). */
export async function threadBy(t: TestApp, user: TestUser, ndaId: number, text?: string): Promise<number> {
  const res = await createThread(t, user, ndaId, text);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

export function negotiate(t: TestApp, user: TestUser | null, threadId: number, move: 'approve' | 'reject') {
  return api(t, 'GET', `/projects/comment_threads/${threadId}/negotiation_${move}/`, user);
}

export async function threadStatus(t: TestApp, threadId: number): Promise<string> {
  const row = await t.core.db
    .selectFrom('commentThreads')
    .select('negotiationStatus')
    .where('id', '=', threadId)
    .executeTakeFirstOrThrow();
  return row.negotiationStatus;
}

/** Event rows of a project, optionally of one type, oldest first. */
export async function eventRows(t: TestApp, projectId: number, status?: string) {
  let q = t.core.db.selectFrom('events').selectAll().where('projectId', '=', projectId);
  if (status) q = q.where('status', '=', status);
  return q.orderBy('id').execute();
}

/** The nonFieldErrors message of a 400 answer. */
export function nonField(res: Res): string | undefined {
  return res.body?.nonFieldErrors?.[0];
}

// ---------------------------------------------------------------------------------------------
// Sockets.

/** Opens a socket.io connection with a token (no automatic reconnection; the test decides). */
export function openSocket(url: string, token: string | undefined, registry?: Socket[]): Socket {
  const s = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: token === undefined ? {} : { token },
  });
  registry?.push(s);
  return s;
}

/** Resolves once connected; rejects with the connect_error message. */
export function connected(s: Socket, ms = 10_000): Promise<void> {
  if (s.connected) return Promise.resolve();
  return withTimeout(
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (err) => reject(err));
    }),
    ms,
    'socket connection',
  );
}

export type SubscribeAck = { ok: true; rooms: string[] } | { ok: false; error: string };

export async function subscribe(
  s: Socket,
  target: { projectId: number } | { ndaId: number } | Record<string, unknown>,
): Promise<SubscribeAck> {
  return (await s.timeout(10_000).emitWithAck('subscribe', target)) as SubscribeAck;
}

/**
 * Resolves with the first `event` message that `accept` takes, received from now on; rejects after
 * `ms`. Messages are awaited, never slept for.
 */
export function nextMessage<T = any>(
  s: Socket,
  event: string,
  accept: (m: T) => boolean = () => true,
  ms = 10_000,
): Promise<T> {
  let handler: ((m: T) => void) | undefined;
  const p = new Promise<T>((resolve) => {
    handler = (m: T) => {
      if (!accept(m)) return;
      s.off(event, handler);
      resolve(m);
    };
    s.on(event, handler);
  });
  return withTimeout(p, ms, `${event} message`).finally(() => s.off(event, handler));
}

/** Every message of the given events a socket receives from now on, in order of arrival. */
export function record(s: Socket, events: string[]): Array<{ event: string; payload: any }> {
  const log: Array<{ event: string; payload: any }> = [];
  s.onAny((event: string, payload: unknown) => {
    if (events.includes(event)) log.push({ event, payload });
  });
  return log;
}

/** What negotiationSetup makes: the app, its URL (when listening) and the cast. */
export interface NegotiationSetup {
  t: TestApp;
  url: string;
  cast: Cast;
}

/**
 * The set-up the negotiation files share, as the file's hooks: before the first test a fresh app
 * (listening when `listen`) and the cast, handed to `use`, which keeps them and may make more (a
 * deal); after each test the sockets it opened (pushed to `sockets`) are closed; after the last one
 * the app is.
 */
export function negotiationSetup(
  opts: { listen?: boolean; signersReady?: boolean; sockets?: Socket[] },
  use: (made: NegotiationSetup) => void | Promise<void>,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp();
    const url = opts.listen ? await t.listen() : '';
    await use({ t, url, cast: await createCast(t, { signersReady: opts.signersReady }) });
  }, SETUP_MS);
  const sockets = opts.sockets;
  if (sockets)
    afterEach(() => {
      for (const s of sockets.splice(0)) s.disconnect();
    });
  afterAll(async () => {
    await t?.close();
  });
}
