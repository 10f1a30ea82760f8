import { beforeAll, describe, expect, it } from 'vitest';
import { formatDeadlineUtc } from '@shared/timetable.js';
import type { App } from '@server/app.js';
import type { TestApp } from '@tests/support/app.js';
import { clockedApps } from '@tests/support/clocked-apps.js';
import { api, type Cast, createCast, createDeal, type Deal, eventRows, threadBy } from '@tests/support/negotiation.js';
import { SETUP_MS } from '@tests/support/wait.js';

// Automatic reminders: jobs in the database, claimed so each goes out once, driven by a clock the test
// sets, across a restart of the app on the same database and, on PostgreSQL, two app instances at once.

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-02T09:00:00Z');
const DEADLINE = new Date(T0.getTime() + 10 * DAY);
const clock = { now: T0 };
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const { boot, stop } = clockedApps(clock);

describe('automatic reminders', () => {
  let first: Awaited<ReturnType<typeof boot>>;
  let cast: Cast;
  let deal: Deal;

  /** Reminder e-mails queued for each of the deal's recipients. */
  async function remindersBy(app: App): Promise<Record<string, number>> {
    const rows = await app.core.db
      .selectFrom('outboxEmails')
      .select(['toAddress', 'subject', 'textBody'])
      .where('subject', 'like', 'Reminder:%')
      .execute();
    const count: Record<string, number> = {};
    for (const who of [cast.signerA1, cast.signerA2, cast.signerB])
      count[who.email] = rows.filter((r) => r.toAddress === who.email).length;
    return count;
  }

  beforeAll(async () => {
    first = await boot();
    const t = first as unknown as TestApp;
    cast = await createCast(t);
    deal = await createDeal(t, cast);
    await t.core.db.updateTable('ndas').set({ sentAt: T0 }).where('projectId', '=', deal.projectId).execute();
    const res = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      nda_deadline: DEADLINE.toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reminders).toEqual({ firstAfterDays: 5, everyDays: 2, enabled: true });
    // Signer A2 turned reminders off on their profile.
    const off = await api(t, 'PATCH', `/me/${cast.signerA2.id}/`, cast.signerA2, { notify_reminders: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.notifyReminders).toBe(false);
    await threadBy(t, cast.signerB, deal.b.ndaId, 'Clause 7 should last two years.');
  }, SETUP_MS);

  it('sends none before firstAfterDays, then one to each recipient who wants them', async () => {
    clock.now = at(4.9);
    await first.timetable.drain();
    expect(await remindersBy(first)).toEqual({
      [cast.signerA1.email]: 0,
      [cast.signerA2.email]: 0,
      [cast.signerB.email]: 0,
    });

    clock.now = at(5);
    await first.timetable.drain();
    await first.timetable.drain();
    expect(await remindersBy(first)).toEqual({
      [cast.signerA1.email]: 1,
      [cast.signerA2.email]: 0,
      [cast.signerB.email]: 1,
    });
    const mail = await first.core.db
      .selectFrom('outboxEmails')
      .selectAll()
      .where('toAddress', '=', cast.signerB.email)
      .where('subject', 'like', 'Reminder:%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reminder: the NDA for Project Falcon is waiting for your signature');
    expect(mail.textBody).toContain('1 comment thread is still open.');
    expect(mail.textBody).toContain(`The NDA expires on ${formatDeadlineUtc(DEADLINE)}`);
    expect(mail.textBody).toContain('12 November 2026 at 09:00 UTC');
    expect(mail.headers).toContain('List-Unsubscribe');
    const events = await eventRows(first as unknown as TestApp, deal.projectId, 'reminder_sent');
    expect(events.map((e) => e.subjectId).sort()).toEqual([cast.signerA1.id, cast.signerB.id].sort());
  });

  it('sends nothing twice after a restart on the same database', { timeout: SETUP_MS }, async () => {
    await stop(first);
    first = await boot();
    await first.timetable.drain();
    expect(await remindersBy(first)).toEqual({
      [cast.signerA1.email]: 1,
      [cast.signerA2.email]: 0,
      [cast.signerB.email]: 1,
    });
    clock.now = at(6.9);
    await first.timetable.drain();
    expect((await remindersBy(first))[cast.signerB.email]).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sends each reminder once with two app instances on one database',
    { timeout: SETUP_MS },
    async () => {
      const second = await boot();
      for (const day of [7, 9]) {
        clock.now = at(day);
        await Promise.all([first.timetable.drain(), second.timetable.drain(), first.timetable.drain()]);
      }
      expect(await remindersBy(first)).toEqual({
        [cast.signerA1.email]: 3,
        [cast.signerA2.email]: 0,
        [cast.signerB.email]: 3,
      });
      // Stopping at the deadline: nothing more once it is reached; the deadline passing is recorded once per group.
      clock.now = at(11);
      await Promise.all([first.timetable.drain(), second.timetable.drain()]);
      expect(await remindersBy(first)).toEqual({
        [cast.signerA1.email]: 3,
        [cast.signerA2.email]: 0,
        [cast.signerB.email]: 3,
      });
      const expired = await eventRows(first as unknown as TestApp, deal.projectId, 'nda_expired');
      expect(expired.map((e) => e.projectBranchId).sort()).toEqual([deal.a.branchId, deal.b.branchId].sort());
      await stop(second);
    },
  );

  it('stops at the deadline and when the project turns reminders off', async () => {
    const t = first as unknown as TestApp;
    const off = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      reminders: { enabled: false },
      nda_deadline: at(30).toISOString(),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const before = await remindersBy(first);
    clock.now = at(20);
    await first.timetable.drain();
    expect(await remindersBy(first)).toEqual(before);
    const on = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, cast.owner, {
      reminders: { enabled: true },
    });
    expect(on.status).toBe(200);
    await first.timetable.drain();
    await first.timetable.drain();
    const after = await remindersBy(first);
    expect(after[cast.signerB.email]).toBe(before[cast.signerB.email]! + 1);
    expect(after[cast.signerA2.email]).toBe(0);
  });
});
