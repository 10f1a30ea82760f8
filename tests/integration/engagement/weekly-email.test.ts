import { beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_FORMULA } from '@shared/engagement.js';
import type { App } from '@server/app.js';
import type { TestApp } from '@tests/support/app.js';
import { clockedApps } from '@tests/support/clocked-apps.js';
import { api, type Cast, createCast, createDeal, type Deal } from '@tests/support/negotiation.js';
import { SETUP_MS } from '@tests/support/wait.js';

// The adviser's weekly engagement e-mail: a job of the deal timetable, driven by a clock the test
// sets, queued once per project, adviser and week across a restart and, on PostgreSQL, two app
// instances at once; the adviser turns it off in their notification settings.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Monday 23 November 2026, 00:00 UTC.
const MONDAY = new Date('2026-11-23T00:00:00Z');
const clock = { now: MONDAY };
const SUBJECT = 'Weekly engagement: who read what in Project Falcon';

const { boot, stop } = clockedApps(clock);

describe('the weekly engagement e-mail', () => {
  let first: Awaited<ReturnType<typeof boot>>;
  let cast: Cast;
  let deal: Deal;

  const mails = (app: App) =>
    app.core.db
      .selectFrom('outboxEmails')
      .select(['toAddress', 'subject', 'textBody', 'headers'])
      .where('subject', 'like', 'Weekly engagement:%')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    first = await boot();
    const t = first as unknown as TestApp;
    cast = await createCast(t, { signersReady: false });
    deal = await createDeal(t, cast);
    // Group A's bidder reads their NDA: 2 pages, 75 s.
    const res = await api(t, 'POST', '/projects/views/', cast.signerA1, {
      nda: deal.a.ndaId,
      pages: [
        { page: 1, seconds: 45 },
        { page: 2, seconds: 30 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }, SETUP_MS);

  it('goes out from Monday 08:00 UTC to the adviser, with each group’s figures and the formula', async () => {
    clock.now = new Date(MONDAY.getTime() + 7 * HOUR);
    await first.timetable.drain();
    expect(await mails(first)).toHaveLength(0);

    clock.now = new Date(MONDAY.getTime() + 8 * HOUR);
    await first.timetable.drain();
    await first.timetable.drain();
    const sent = await mails(first);
    expect(sent.map((m) => [m.toAddress, m.subject])).toEqual([[cast.owner.email, SUBJECT]]);
    const text = sent[0]!.textBody;
    expect(text).toContain('Group A: score 15. 1 document opened, 2 pages read, 1 min of reading; last seen ');
    expect(text).toContain('Group B: score 0. 0 documents opened, 0 pages read, 0 s of reading; not seen yet.');
    expect(text.indexOf('Group A:')).toBeLessThan(text.indexOf('Group B:'));
    expect(text).toContain(ENGAGEMENT_FORMULA);
    expect(sent[0]!.headers).toContain('List-Unsubscribe');
  });

  it('is sent once a week, also after a restart', { timeout: SETUP_MS }, async () => {
    clock.now = new Date(MONDAY.getTime() + 3 * DAY);
    await first.timetable.drain();
    await stop(first);
    first = await boot();
    await first.timetable.drain();
    expect(await mails(first)).toHaveLength(1);
    clock.now = new Date(MONDAY.getTime() + 7 * DAY + 9 * HOUR);
    await first.timetable.drain();
    await first.timetable.drain();
    expect(await mails(first)).toHaveLength(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is sent once with two app instances on one database',
    { timeout: SETUP_MS },
    async () => {
      const second = await boot();
      clock.now = new Date(MONDAY.getTime() + 14 * DAY + 9 * HOUR);
      await Promise.all([first.timetable.drain(), second.timetable.drain(), first.timetable.drain()]);
      await Promise.all([first.timetable.drain(), second.timetable.drain()]);
      expect(await mails(first)).toHaveLength(3);
      await stop(second);
    },
  );

  it('is not sent to an adviser who turned it off in their notification settings', async () => {
    const t = first as unknown as TestApp;
    const off = await api(t, 'PATCH', `/me/${cast.owner.id}/`, cast.owner, { notify_engagement: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.notifyEngagement).toBe(false);
    const before = (await mails(first)).length;
    clock.now = new Date(MONDAY.getTime() + 21 * DAY + 9 * HOUR);
    await first.timetable.drain();
    await first.timetable.drain();
    expect(await mails(first)).toHaveLength(before);
  });
});
