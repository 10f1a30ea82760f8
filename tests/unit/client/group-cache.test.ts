import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, createTRPCQueryUtils, getQueryKey, httpLink } from '@trpc/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { storeNewBranch, storeUpdatedBranch } from '@client/features/groups/api/group-cache';
import type { BranchDto } from '@client/lib/api-types';
import type { AppRouter } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';

// The caches a group's write changes: the answer goes into every query that shows the group, and only
// what the answer cannot tell is read again.

type Utils = ReturnType<typeof trpc.useUtils>;
const PROJECT = 2;

function branch(id: number, name: string, project = PROJECT): BranchDto {
  return {
    id,
    name,
    project,
    colorStatus: null,
    signers: [],
    signerGroups: [id * 10],
    nda: null,
    unresolvedCommentsCount: 0,
    signerships: [],
    passed: false,
    allowComments: true,
    sendTeaser: false,
    inheritNdaFromProject: true,
    ndaDeadline: null,
    effectiveNdaDeadline: null,
    expired: false,
    adviser: { name: 'Olivia Owner', email: 'olivia@example.com' },
    created: '2026-11-27T10:00:00.000Z',
  };
}

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A query on screen: an observer whose fetches are counted, holding fresh data. */
function onScreen(client: QueryClient, queryKey: readonly unknown[], data: unknown) {
  const fetches = { count: 0 };
  client.setQueryData(queryKey, data);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      fetches.count += 1;
      return data;
    },
    staleTime: Infinity,
  });
  stops.push(observer.subscribe(() => undefined));
  return fetches;
}

function setup() {
  const queryClient = new QueryClient();
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: 'http://127.0.0.1:9/trpc' })] });
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client }) as unknown as Utils;
  const keys = {
    group: getQueryKey(trpc.groups.get, { id: 4 }, 'query'),
    list: getQueryKey(trpc.groups.list, { project: PROJECT, limit: -1 }, 'query'),
    dashboard: getQueryKey(trpc.groups.dashboard, { project: PROJECT, limit: 9 }, 'query'),
    otherDashboard: getQueryKey(trpc.groups.dashboard, { project: 99, limit: 9 }, 'query'),
    contacts: getQueryKey(trpc.contacts.list, { limit: -1 }, 'query'),
    project: getQueryKey(trpc.projects.get, { id: PROJECT }, 'query'),
  };
  const page = (...results: BranchDto[]) => ({ count: results.length, limit: null, offset: 0, results });
  const other = branch(5, 'Other bidder');
  return {
    queryClient,
    utils,
    keys,
    other,
    fetches: {
      group: onScreen(queryClient, keys.group, branch(4, 'Before')),
      list: onScreen(queryClient, keys.list, page(branch(4, 'Before'), other)),
      dashboard: onScreen(queryClient, keys.dashboard, page(branch(4, 'Before'), other)),
      otherDashboard: onScreen(queryClient, keys.otherDashboard, page(branch(7, 'Elsewhere', 99))),
      contacts: onScreen(queryClient, keys.contacts, { count: 0, results: [] }),
      project: onScreen(queryClient, keys.project, { id: PROJECT }),
    },
    data: (key: readonly unknown[]) => queryClient.getQueryData(key),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('an updated group', () => {
  it('replaces the group in its own entry, its project’s list and tracker, reading nothing again', async () => {
    const s = setup();
    const after = branch(4, 'After');
    storeUpdatedBranch(s.utils, after, { recipientsSent: false });
    await settled();
    expect(s.data(s.keys.group)).toEqual(after);
    expect(s.data(s.keys.list)).toMatchObject({ results: [after, s.other] });
    expect(s.data(s.keys.dashboard)).toMatchObject({ count: 2, results: [after, s.other] });
    expect(s.data(s.keys.otherDashboard)).toMatchObject({ results: [{ name: 'Elsewhere' }] });
    expect(Object.values(s.fetches).map((f) => f.count)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.queryClient.getQueryState(s.keys.contacts)?.isInvalidated).toBe(false);
  });

  it('leaves the contacts stale for their next reader when typed recipients were sent, without a fetch now', async () => {
    const s = setup();
    storeUpdatedBranch(s.utils, branch(4, 'After'), { recipientsSent: true });
    await settled();
    expect(s.queryClient.getQueryState(s.keys.contacts)?.isInvalidated).toBe(true);
    expect(s.fetches.contacts.count).toBe(0);
  });
});

describe('a new group', () => {
  it('is its own entry at once; its project and tracker, which gain a group, are read again', async () => {
    const s = setup();
    const made = branch(6, 'Newcomer');
    await storeNewBranch(s.utils, made);
    expect(s.data(getQueryKey(trpc.groups.get, { id: 6 }, 'query'))).toEqual(made);
    expect(s.fetches.dashboard.count).toBe(1);
    expect(s.fetches.list.count).toBe(1);
    expect(s.fetches.project.count).toBe(1);
    expect(s.fetches.otherDashboard.count).toBe(0);
    expect(s.fetches.contacts.count).toBe(0);
    expect(s.queryClient.getQueryState(s.keys.contacts)?.isInvalidated).toBe(true);
  });
});
