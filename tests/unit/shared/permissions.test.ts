import { describe, expect, it } from 'vitest';
import { permissionFlags, permissionsForRole } from '@shared/permissions.js';

const MODELS = [
  'nda',
  'ndatemplate',
  'project',
  'projectbranch',
  'signergroup',
  'signership',
  'pointer',
  'commentthread',
  'negotiation',
  'comment',
];

describe('permissionsForRole', () => {
  it('gives owners add/change/delete/view on every model and view_event', () => {
    const codes = permissionsForRole('owner');
    for (const m of MODELS) for (const a of ['add', 'change', 'delete', 'view']) expect(codes).toContain(`${a}_${m}`);
    expect(codes).toContain('view_event');
    expect(codes).toHaveLength(MODELS.length * 4 + 1);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives team members the same codenames as owners (isMember separates them)', () => {
    expect(permissionsForRole('member')).toEqual(permissionsForRole('owner'));
  });

  it('lets signers view, comment, point and negotiate but not run projects', () => {
    const codes = permissionsForRole('signer');
    for (const c of [
      'view_nda',
      'view_project',
      'add_commentthread',
      'add_comment',
      'add_pointer',
      'add_negotiation',
      'view_event',
    ])
      expect(codes).toContain(c);
    for (const c of [
      'add_project',
      'change_project',
      'delete_project',
      'add_nda',
      'delete_nda',
      'add_ndatemplate',
      'add_signergroup',
      'change_signership',
    ])
      expect(codes).not.toContain(c);
  });

  it('answers a fresh array each time', () => {
    const a = permissionsForRole('signer');
    a.push('add_project');
    expect(permissionsForRole('signer')).not.toContain('add_project');
  });
});

describe('permissionFlags', () => {
  it('maps codenames to can<Action><Model> flags', () => {
    const flags = permissionFlags(['add_project', 'view_nda', 'view_event']);
    expect(flags.canAddProject).toBe(true);
    expect(flags.canViewNda).toBe(true);
    expect(flags.canViewEvent).toBe(true);
    expect(flags.canDeleteProject).toBe(false);
    expect(flags.canAddCommentthread).toBe(false);
  });

  it('has one flag per model and action plus canViewEvent, all false for no codenames', () => {
    const flags = permissionFlags([]);
    expect(Object.keys(flags)).toHaveLength(MODELS.length * 4 + 1);
    expect(Object.values(flags).every((v) => v === false)).toBe(true);
  });

  it('is all true for an owner and mixed for a signer', () => {
    expect(Object.values(permissionFlags(permissionsForRole('owner'))).every(Boolean)).toBe(true);
    const signer = permissionFlags(permissionsForRole('signer'));
    expect(signer.canViewProject).toBe(true);
    expect(signer.canAddComment).toBe(true);
    expect(signer.canAddProject).toBe(false);
    expect(signer.canDeleteNda).toBe(false);
  });
});
