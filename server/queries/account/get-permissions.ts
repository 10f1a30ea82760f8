import { permissionsForRole } from '@shared/permissions.js';
import type { Actor } from '@server/policies/actor.js';

export function getPermissions(actor: Actor): { permissionsList: string[] } {
  return { permissionsList: permissionsForRole(actor.user.role) };
}
