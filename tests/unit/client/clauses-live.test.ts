import { describe, expect, it } from 'vitest';
import type { ServerPayload } from '@shared/realtime/contract';
import { overviewHandlers } from '@client/features/clauses/api/overview-live';

// client/src/features/clauses/api/overview-live.ts: which messages make the clause view read again.

const PROJECT = 3;
const NDAS = new Set([11, 12]);

function handlers() {
  const refreshed: string[] = [];
  let current = '';
  const h = overviewHandlers(
    PROJECT,
    () => NDAS,
    () => refreshed.push(current),
  );
  const send = <M extends keyof typeof h>(name: M, payload: unknown) => {
    current = `${name}`;
    (h[name] as (p: unknown) => void)(payload);
  };
  return { refreshed, send };
}

describe('overviewHandlers', () => {
  it("reads the view again for a change of a thread, pointer, status or proposal on one of the project's NDAs", () => {
    const { refreshed, send } = handlers();
    send('thread.created', { id: 1, nda: 11 });
    send('thread.updated', { id: 1, nda: 12 });
    send('thread.deleted', { id: 1, nda: 11 });
    send('pointer.created', { id: 2, nda: 11, commentThread: 1 });
    send('pointer.deleted', { id: 2, nda: 11, commentThread: 1 });
    send('negotiation.changed', { thread: 1, nda: 12, negotiationStatus: 'unresolved', by: 5 });
    send('proposal.created', { nda: 12, commentThread: 1, comment: 4 } as Partial<ServerPayload<'proposal.created'>>);
    expect(refreshed).toEqual([
      'thread.created',
      'thread.updated',
      'thread.deleted',
      'pointer.created',
      'pointer.deleted',
      'negotiation.changed',
      'proposal.created',
    ]);
  });

  it("ignores other projects' NDAs, and follows NDAs added to or removed from this project", () => {
    const { refreshed, send } = handlers();
    send('thread.created', { id: 1, nda: 99 });
    send('negotiation.changed', { thread: 1, nda: 98, negotiationStatus: 'unresolved', by: 5 });
    send('nda.created', { id: 13, project: 4 });
    send('nda.deleted', { id: 13, project: 4, projectBranch: 2 });
    expect(refreshed).toEqual([]);
    send('nda.created', { id: 13, project: PROJECT });
    send('nda.deleted', { id: 13, project: PROJECT, projectBranch: 2 });
    expect(refreshed).toEqual(['nda.created', 'nda.deleted']);
  });
});
