import crypto from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@shared/constants.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader } from '@tests/support/http.js';
import { connected, makeReadyToSign, openSocket, subscribe } from '@tests/support/negotiation.js';
import { HAS_PDFTOTEXT, pdfText } from '@tests/support/pdf-tools.js';
import {
  addRecipientsGroup,
  createProject,
  createTeam,
  expectStatus,
  recipient,
  registerInvitedSigner,
  sendToAll,
  setExtraProjects,
  signerInvitationLink,
  type Team,
  uploadProjectNda,
} from '@tests/support/projects.js';
import { type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { readStoredZip } from '@tests/support/zip-read.js';
import { SETUP_MS, waitFor } from '@tests/support/wait.js';

// A group's name is the sending team's own label. A bidder drives their whole journey (the invitation,
// the lists, the NDA page, a comment, a proposal, the signature, the download) over REST, tRPC, the
// socket and e-mail; the label is found in none of what they received. The sending team still sees it.

const LABEL = `Osprey (reserve bidder, low offer) ${crypto.randomBytes(4).toString('hex')}`;
const COMPANY = 'Osprey Capital LLP';

let t: TestApp;
let smtp: SmtpListener;
let url: string;
let team: Team;
let bidder: TestUser;
let projectId: number;
let branchId: number;
let ndaId: number;
let socket: Socket;
/** Everything the bidder received, each with where it came from. */
const received: Array<{ where: string; text: string }> = [];

async function asBidder(method: 'GET' | 'POST', path: string, json?: unknown) {
  const res = await t.app.inject({
    method,
    url: path.startsWith('/trpc/') ? path : `${API_BASE}${path}`,
    headers: { ...authHeader(bidder.access), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: json === undefined ? undefined : JSON.stringify(json),
  });
  received.push({ where: `${method} ${path} (headers)`, text: JSON.stringify(res.headers) });
  received.push({ where: `${method} ${path}`, text: res.body });
  expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res;
}
const trpcGet = (proc: string, input: unknown) =>
  asBidder('GET', `/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`);

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ smtpUrl: smtp.url, notifyDigestSeconds: 1, notifyPollMs: 100 });
  url = await t.listen();
  team = await createTeam(t);
  await setExtraProjects(t, team.owner.user.company!, 5);
  const project = await createProject(t, team.owner);
  projectId = project.id;
  await uploadProjectNda(t, team.owner, projectId);
  const buyer = recipient('osprey', 'Oscar', 'Osprey');
  const { group } = await addRecipientsGroup(t, team.owner, projectId, [buyer], { name: LABEL });
  branchId = group.id;
  expectStatus(await sendToAll(t, team.owner, branchId), 200);

  // The invitation link, read before registering, as the registration page does.
  const link = await signerInvitationLink(t, buyer.email);
  const check = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}/registration/signer_invitation_check/?uid=${link.uid}&token=${encodeURIComponent(link.token)}`,
  });
  expect(check.statusCode).toBe(200);
  received.push({ where: 'invitation check', text: check.body });
  bidder = await registerInvitedSigner(t, buyer.email, COMPANY);
  await makeReadyToSign(t, { ...bidder, user: { ...bidder.user, companyName: COMPANY } });
  ndaId = (await t.core.db
    .selectFrom('ndas')
    .select('id')
    .where('projectBranchId', '=', branchId)
    .executeTakeFirstOrThrow())!.id;

  socket = openSocket(url, bidder.access);
  socket.onAny((event: string, payload: unknown) =>
    received.push({ where: `socket ${event}`, text: JSON.stringify(payload) }),
  );
  await connected(socket);
  expect((await subscribe(socket, { projectId })).ok).toBe(true);
  expect((await subscribe(socket, { ndaId })).ok).toBe(true);
}, SETUP_MS);

afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  await smtp?.close();
});

describe('the group label never reaches a bidder', () => {
  it('drives the journey: open, comment, propose, sign, download', async () => {
    await asBidder('GET', '/projects/projects/');
    await asBidder('GET', `/projects/projects/${projectId}/`);
    const groups = await asBidder('GET', `/projects/project_branches/?project=${projectId}&limit=-1`);
    const own = await asBidder('GET', `/projects/project_branches/${branchId}/`);
    expect(JSON.parse(own.body).name).toBe(COMPANY);
    expect(JSON.parse(groups.body).results[0].name).toBe(COMPANY);
    await trpcGet('groups.get', { id: branchId });
    await trpcGet('groups.list', { project: projectId });
    await asBidder('GET', `/projects/nda/?project_branch=${branchId}`);
    await asBidder('GET', `/projects/nda/${ndaId}/`);
    await asBidder('GET', `/projects/nda/${ndaId}/get_nda_pdf/`);

    const thread = await asBidder('POST', '/projects/comment_threads/', {
      nda: ndaId,
      text: 'The term should be two years.',
      proposal: 'This Agreement shall remain in force for two years.',
      pointers: [{ page: 1, x: 0.3, y: 0.4 }],
    });
    const threadId = JSON.parse(thread.body).id as number;
    await asBidder('POST', '/projects/comments/', { comment_thread: threadId, text: 'Happy to discuss.' });
    const approve = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/comment_threads/${threadId}/negotiation_approve/`,
      headers: authHeader(team.owner.access),
    });
    expect(approve.statusCode).toBe(200);
    await asBidder('GET', `/projects/comment_threads/${threadId}/negotiation_approve/`);
    await asBidder('GET', `/projects/comment_threads/?nda=${ndaId}`);
    await asBidder('GET', `/projects/nda/${ndaId}/signing_preview/`);

    const signership = await t.core.db
      .selectFrom('signerships')
      .select('id')
      .where('projectBranchId', '=', branchId)
      .where('userId', '=', bidder.id)
      .executeTakeFirstOrThrow();
    await asBidder('POST', `/projects/dashboard/${signership.id}/sign/`, {});
    const signed = await asBidder('GET', `/projects/nda/${ndaId}/get_nda_pdf/`);
    expect(String(signed.headers['content-disposition'])).toContain(COMPANY);
    if (HAS_PDFTOTEXT) received.push({ where: 'signed PDF text', text: pdfText(signed.rawPayload) });
    received.push({ where: 'signed PDF bytes', text: signed.rawPayload.toString('latin1') });
    await asBidder('GET', '/projects/events/?limit=-1');
    await trpcGet('events.list', { project: projectId });

    // The e-mails of the journey: the NDA, then the digest of what happened, once the digest has run.
    await waitFor(
      () => t.core.db.selectFrom('notifications').select('id').where('status', '=', 'pending').execute(),
      (rows) => rows.length === 0,
      20_000,
    );
    await t.core.outbox.drain();
    const mails = smtp.received.filter((m) => m.envelopeTo.includes(bidder.email));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) received.push({ where: `e-mail ${m.headers.subject}`, text: m.raw + m.text + m.html });
  });

  it('finds the label in none of it, while the bidder saw their own company', () => {
    expect(received.some((r) => r.where.startsWith('socket '))).toBe(true);
    expect(received.some((r) => r.where === 'signed PDF bytes')).toBe(true);
    const leaks = received.filter((r) => r.text.includes(LABEL) || r.text.includes('reserve bidder'));
    expect(leaks.map((l) => l.where)).toEqual([]);
  });

  it('still shows the label to the sending team, in their answers and their ZIP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/project_branches/${branchId}/`,
      headers: authHeader(team.owner.access),
    });
    expect(JSON.parse(res.body).name).toBe(LABEL);
    const zip = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/projects/projects/${projectId}/signed_ndas.zip`,
      headers: authHeader(team.owner.access),
    });
    expect(zip.statusCode).toBe(200);
    expect(readStoredZip(zip.rawPayload).map((e) => e.name)[0]).toContain(LABEL);
  });
});
