import { describe, expect, it } from 'vitest';
import { navItemsFor } from '@client/features/navigation/nav-items';

// client/src/features/navigation/nav-items.ts over shared/permissions.ts (sendsNdas).

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((item) => item.label);

describe('navItemsFor', () => {
  it("gives owners and team members the spec's whole navigation", () => {
    const all = ['Home', 'Projects', 'Templates', 'My Network', 'Plan', 'Reports'];
    expect(labels('owner')).toEqual(all);
    expect(labels('member')).toEqual(all);
  });

  it('gives a signer their account and the projects sent to them, none of the sending side', () => {
    expect(labels('signer')).toEqual(['Home', 'Projects']);
  });
});
