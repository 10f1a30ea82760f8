import type { Kysely, KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createComment } from '@server/commands/comments/create-comment.js';
import { negotiateThread } from '@server/commands/threads/negotiate-thread.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import { transaction } from '@server/db/transaction.js';
import type { Actor } from '@server/policies/actor.js';
import { listThreads } from '@server/queries/threads/list-threads.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { type Cast, createDeal, type Deal, negotiationSetup, threadBy } from '@tests/support/negotiation.js';

// A move in a negotiation reaches the other side once its transaction commits, and each statement in it
// is a round trip to the database: these budgets keep the moves a call's other side waits for short.

let t: TestApp;
let cast: Cast;
let deal: Deal;

negotiationSetup({}, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

function counted(db: Kysely<Database>): { db: Kysely<Database>; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      n++;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), count: () => n };
}

/**
 * The core, counting the statements it sends inside its transactions (BEGIN and COMMIT aside) apart
 * from those it sends outside them.
 */
function counting(): { core: Core; inTransaction: () => number; outside: () => number } {
  const inTx = counted(t.core.db);
  const out = counted(t.core.db);
  const core: Core = { ...t.core, db: out.db, tx: (fn) => transaction(inTx.db, fn) };
  return { core, inTransaction: inTx.count, outside: out.count };
}

async function actorOf(user: TestUser): Promise<Actor> {
  const row = await t.core.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  return { user: row, sessionId: 'counted' };
}

describe('statements a negotiation move sends before it reaches the other side', () => {
  it('a reply takes six, on either side', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    for (const who of [cast.signerA1, cast.owner, cast.manager]) {
      const c = counting();
      const dto = await createComment(c.core, {
        actor: await actorOf(who),
        input: { commentThread: thread, text: `From ${who.email}` },
        ip: '127.0.0.1',
      });
      expect(dto.text).toBe(`From ${who.email}`);
      // Lock and authorize, read the NDA's state, insert the reply, the event, the item it quotes, the notifications.
      expect(c.inTransaction(), who.email).toBeLessThanOrEqual(6);
    }
    // The other side was notified of each move (the digest mails them later).
    const items = await t.core.db
      .selectFrom('notifications')
      .select('userId')
      .where('ndaId', '=', deal.a.ndaId)
      .where('kind', '=', 'negotiation')
      .execute();
    expect(items.map((i) => i.userId)).toEqual(expect.arrayContaining([cast.owner.id, cast.signerA1.id]));
  });

  it('a counter-proposal adds its wording and the thread status', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const c = counting();
    await createComment(c.core, {
      actor: await actorOf(cast.signerA1),
      input: { commentThread: thread, text: 'Counter', proposal: 'Twelve months.' },
      ip: '127.0.0.1',
    });
    expect(c.inTransaction()).toBeLessThanOrEqual(8);
  });

  it('an approval takes eight, and presents the thread once committed', async () => {
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const c = counting();
    const dto = await negotiateThread(c.core, {
      actor: await actorOf(cast.signerA1),
      threadId: thread,
      move: 'approve',
      ip: '127.0.0.1',
    });
    expect(dto.negotiationStatus).not.toBe('unresolved');
    expect(c.inTransaction()).toBeLessThanOrEqual(8);
    expect(c.outside()).toBeGreaterThan(0);
  });

  // Six reads, and the clauses of the NDA, read beside the pointers, comments and proposals.
  it('the thread list takes seven reads', async () => {
    await threadBy(t, cast.owner, deal.a.ndaId);
    const c = counting();
    const threads = await listThreads(c.core, { actor: await actorOf(cast.signerA1), ndaId: deal.a.ndaId });
    expect(threads.length).toBeGreaterThan(0);
    expect(c.outside()).toBeLessThanOrEqual(7);
  });
});
