/** Permission codenames (spec section 6 of both documents) and the UI flags derived from them. */
export type Role = 'owner' | 'member' | 'signer';

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
] as const;
export type PermissionModel = (typeof MODELS)[number];
const ACTIONS = ['add', 'change', 'delete', 'view'] as const;

const everything = MODELS.flatMap((m) => ACTIONS.map((a) => `${a}_${m}`));

/**
 * Owners and team members run projects, so they hold every codename; what separates them (members,
 * company, signature, billing) is not a codename but the isMember flag. Signers review, comment,
 * negotiate and sign: they view the project and its NDA and write only threads, comments and pointers.
 */
const SIGNER = [
  'view_nda',
  'view_project',
  'view_projectbranch',
  'view_signership',
  'add_pointer',
  'view_pointer',
  'delete_pointer',
  'add_commentthread',
  'change_commentthread',
  'delete_commentthread',
  'view_commentthread',
  'add_comment',
  'change_comment',
  'delete_comment',
  'view_comment',
  'add_negotiation',
  'view_negotiation',
  'view_event',
];

/**
 * Owners and team members send NDAs: they have templates, a network of contacts, a plan and reports.
 * A signer only reviews, negotiates and signs the NDAs sent to them, so the client shows them none of
 * those areas (the server refuses them anyway).
 */
export function sendsNdas(role: Role): boolean {
  return role !== 'signer';
}

export function permissionsForRole(role: Role): string[] {
  if (role === 'signer') return [...SIGNER];
  return [...everything, 'view_event'];
}

/** canAddProject, canViewNda, ... from codenames: 'add_project' -> 'canAddProject'. */
export function permissionFlags(codenames: readonly string[]): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const m of MODELS) {
    for (const a of ACTIONS) {
      const key = `can${cap(a)}${cap(m)}`;
      flags[key] = codenames.includes(`${a}_${m}`);
    }
  }
  flags.canViewEvent = codenames.includes('view_event');
  return flags;
}

const ROLE_FLAGS = new Map<Role, Readonly<Record<string, boolean>>>();

/** The flags of a role, worked out once: every negotiation move decides its abilities by them. */
export function roleFlags(role: Role): Readonly<Record<string, boolean>> {
  let flags = ROLE_FLAGS.get(role);
  if (!flags) ROLE_FLAGS.set(role, (flags = Object.freeze(permissionFlags(permissionsForRole(role)))));
  return flags;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
