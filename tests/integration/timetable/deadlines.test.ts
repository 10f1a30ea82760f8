import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import { api, type Cast, createCast, createDeal, type Deal, eventRows, nonField } from '@tests/support/negotiation.js';
import { expectStatus, sendToSigner, setExtraProjects } from '@tests/support/projects.js';
import { type SmtpListener, startSmtpListener } from '@tests/support/smtp.js';
import { SETUP_MS } from '@tests/support/wait.js';

// The NDA deadline (projects and groups): signing refused once it is reached, the tracker's expired
// state, extensions (event and e-mail to the group's recipients) and nda_expired, on a clock the test sets.

const DEADLINE = '2026-12-01T17:00:00.000Z';
const EXPIRED = 'This NDA expired on 1 December 2026 at 17:00 UTC.';
const clock = { now: new Date('2026-11-20T09:00:00Z') };

let t: TestApp;
let smtp: SmtpListener;
let cast: Cast;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ smtpUrl: smtp.url, timetable: { pollMs: 3_600_000, now: () => clock.now } });
  cast = await createCast(t);
}, SETUP_MS);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const sign = (user: Cast['signerA1'], signership: number) =>
  api(t, 'GET', `/projects/dashboard/${signership}/sign/`, user);

describe('the NDA deadline', () => {
  let deal: Deal;
  beforeAll(async () => {
    deal = await createDeal(t, cast);
  });

  it('is read and written with the project and the group, in UTC', async () => {
    const res = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      nda_deadline: '2026-12-01T18:00:00+01:00',
      reminders: { first_after_days: 3 },
    });
    expectStatus(res, 200);
    expect(res.body.ndaDeadline).toBe(DEADLINE);
    expect(res.body.reminders).toEqual({ firstAfterDays: 3, everyDays: 2, enabled: true });
    const bad = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      nda_deadline: 'next week',
      reminders: { every_days: 0 },
    });
    expectStatus(bad, 400);
    expect(bad.body.code).toBe('invalid_input');
    expect(Object.keys(bad.body).sort()).toEqual(expect.arrayContaining(['ndaDeadline', 'reminders']));

    const group = await api(t, 'GET', `/projects/project_branches/${deal.a.branchId}/`, cast.owner);
    expectStatus(group, 200);
    expect(group.body).toMatchObject({ ndaDeadline: null, effectiveNdaDeadline: DEADLINE, expired: false });
    const viaTrpc = await trpcQuery(t, 'projects.get', { id: deal.projectId }, authHeader(cast.owner.access));
    expect(viaTrpc.data.ndaDeadline).toBe(DEADLINE);
  });

  it('refuses signing at the deadline: 400, code nda_expired and the date in UTC (REST and tRPC)', async () => {
    clock.now = new Date(DEADLINE);
    const rest = await sign(cast.signerB, deal.b.signerships[cast.signerB.id]!);
    expectStatus(rest, 400);
    expect(rest.body.code).toBe('nda_expired');
    expect(nonField(rest)).toBe(EXPIRED);
    const trpc = await trpcMutation(
      t,
      'signing.sign',
      { signership: deal.a.signerships[cast.signerA1.id] },
      authHeader(cast.signerA1.access),
    );
    expect(trpc.status).toBe(400);
    expect(trpc.error?.data.body.code).toBe('nda_expired');
    expect(trpc.error?.data.body.nonFieldErrors).toEqual([EXPIRED]);
    const nda = await t.core.db.selectFrom('ndas').selectAll().where('id', '=', deal.b.ndaId).executeTakeFirstOrThrow();
    expect(nda.isSigned).toBe(false);
  });

  it('records nda_expired once per group when the timetable passes the deadline', async () => {
    clock.now = new Date(Date.parse(DEADLINE) + 60_000);
    await t.timetable.drain();
    await t.timetable.drain();
    const expired = await eventRows(t, deal.projectId, 'nda_expired');
    expect(expired.map((e) => e.projectBranchId).sort()).toEqual([deal.a.branchId, deal.b.branchId].sort());
    expect(expired.every((e) => e.authorId === null)).toBe(true);
  });

  it('shows the group expired, to the bidder with the adviser to contact', async () => {
    const group = await api(t, 'GET', `/projects/project_branches/${deal.b.branchId}/`, cast.signerB);
    expectStatus(group, 200);
    expect(group.body).toMatchObject({
      expired: true,
      effectiveNdaDeadline: DEADLINE,
      adviser: { name: 'Olivia Owner', email: cast.owner.email },
    });
  });

  it('extends one group: deadline_extended, an e-mail to its recipients, and the NDA can be signed again', async () => {
    const since = smtp.received.length;
    const res = await api(t, 'PATCH', `/projects/project_branches/${deal.b.branchId}/`, cast.owner, {
      nda_deadline: '2026-12-08T17:00:00Z',
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ ndaDeadline: '2026-12-08T17:00:00.000Z', expired: false });
    const events = await eventRows(t, deal.projectId, 'deadline_extended');
    expect(events.map((e) => [e.projectBranchId, e.authorId])).toEqual([[deal.b.branchId, cast.owner.id]]);
    const mail = await smtp.waitForMail(
      (m) => smtp.received.indexOf(m) >= since && m.envelopeTo.includes(cast.signerB.email),
      20_000,
    );
    expect(mail.headers.subject).toBe('The NDA deadline for Project Falcon has been extended');
    expect(mail.text).toContain('you can now sign it until 8 December 2026 at 17:00 UTC');
    const signed = await sign(cast.signerB, deal.b.signerships[cast.signerB.id]!);
    expectStatus(signed, 200);
    expect(signed.body.isSigned).toBe(true);
  });

  it('extends the project: the groups following it hear of it; an earlier deadline is no extension', async () => {
    const since = smtp.received.length;
    const before = (await eventRows(t, deal.projectId, 'deadline_extended')).length;
    const res = await trpcMutation(
      t,
      'projects.update',
      { id: deal.projectId, ndaDeadline: '2026-12-15T12:30:00Z' },
      authHeader(cast.owner.access),
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const events = (await eventRows(t, deal.projectId, 'deadline_extended')).slice(before);
    // Group B has a deadline of its own (and is signed): only group A follows the project.
    expect(events.map((e) => e.projectBranchId)).toEqual([deal.a.branchId]);
    for (const signer of [cast.signerA1, cast.signerA2]) {
      const mail = await smtp.waitForMail(
        (m) => smtp.received.indexOf(m) >= since && m.envelopeTo.includes(signer.email),
        20_000,
      );
      expect(mail.text).toContain('15 December 2026 at 12:30 UTC');
    }
    const earlier = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      nda_deadline: '2026-12-10T12:30:00Z',
    });
    expectStatus(earlier, 200);
    expect((await eventRows(t, deal.projectId, 'deadline_extended')).length).toBe(before + 1);
  });

  it('takes the deadline and the reminder schedule when the project is created', async () => {
    await setExtraProjects(t, cast.owner.user.company!, 10);
    const res = await api(t, 'POST', '/projects/projects/', cast.owner, {
      name: 'Project Osprey',
      nda_deadline: '2026-12-20T09:00:00-05:00',
      reminders: { first_after_days: 7, every_days: 3, enabled: false },
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      ndaDeadline: '2026-12-20T14:00:00.000Z',
      reminders: { firstAfterDays: 7, everyDays: 3, enabled: false },
    });
    const plain = await api(t, 'POST', '/projects/projects/', cast.owner, { name: 'Project Heron' });
    expectStatus(plain, 201);
    expect(plain.body).toMatchObject({
      ndaDeadline: null,
      reminders: { firstAfterDays: 5, everyDays: 2, enabled: true },
    });
  });

  it('keeps the manual reminder: the NDA sent again to one recipient', async () => {
    const res = await sendToSigner(t, cast.owner, deal.a.branchId, cast.signerA1.id);
    expectStatus(res, 200);
    expect(res.body.sent).toBe(1);
  });
});
