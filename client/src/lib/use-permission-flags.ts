import { useMemo } from 'react';
import { permissionFlags } from '@shared/permissions';
import { trpc } from '@client/lib/trpc';

export type PermissionFlag =
  | `can${'Add' | 'Change' | 'Delete' | 'View'}${'Nda' | 'Ndatemplate' | 'Project' | 'Projectbranch' | 'Signergroup' | 'Signership' | 'Pointer' | 'Commentthread' | 'Negotiation' | 'Comment'}`
  | 'canViewEvent';

/**
 * The permission flags of the signed-in user (spec 2, section 6), from the codenames the server
 * answers. While they load every flag is false: controls appear once they are known.
 */
export function usePermissionFlags(): {
  can: (flag: PermissionFlag) => boolean;
  flags: Record<string, boolean>;
  loaded: boolean;
} {
  const query = trpc.account.permissions.useQuery(undefined, { staleTime: 5 * 60_000 });
  const flags = useMemo(() => permissionFlags(query.data?.permissionsList ?? []), [query.data]);
  return { can: (flag) => flags[flag] === true, flags, loaded: query.isSuccess };
}
