import type { Kysely } from 'kysely';
import { NOTIFICATION_FIELDS, type NotificationKind } from '@shared/notifications.js';
import type { Database } from '@server/db/schema.js';

/**
 * Registered, active people of the sending side (the company's owner, the project's creator and its
 * team members) and/or of the group's recipients, who have this kind of e-mail turned on.
 */
export function recipientsOf(
  db: Kysely<Database>,
  q: {
    kind: NotificationKind;
    project: { id: number; companyId: number; ownerId: number };
    branchId: number;
    senders: boolean;
    signers: boolean;
    exceptId: number | null;
  },
) {
  return db
    .selectFrom('users')
    .select('users.id')
    .where('users.isActive', '=', true)
    .where('users.isDeleted', '=', false)
    .where('users.passwordHash', 'is not', null)
    .where(NOTIFICATION_FIELDS[q.kind], '=', true)
    .$if(q.exceptId !== null, (w) => w.where('users.id', '!=', q.exceptId!))
    .where((eb) =>
      eb.or([
        ...(q.senders
          ? [
              eb.and([
                eb('users.companyId', '=', q.project.companyId),
                eb.or([
                  eb('users.role', '=', 'owner'),
                  eb('users.id', '=', q.project.ownerId),
                  eb(
                    'users.id',
                    'in',
                    eb.selectFrom('projectMembers').select('userId').where('projectId', '=', q.project.id),
                  ),
                ]),
              ]),
            ]
          : []),
        ...(q.signers
          ? [
              eb(
                'users.id',
                'in',
                eb.selectFrom('signerships').select('userId').where('projectBranchId', '=', q.branchId),
              ),
            ]
          : []),
      ]),
    )
    .orderBy('users.id');
}
