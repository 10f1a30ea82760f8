import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import { permissionsForRole } from '@shared/permissions.js';
import type { Database, UserRow } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { managedProjects } from '../projects/visible-projects.js';

/**
 * The events a user may see: every event of the projects they run, and the events of the groups
 * they received the NDA in (a recipient never sees project-wide or other groups' events).
 */
export function visibleEvents(user: Pick<UserRow, 'id' | 'role' | 'companyId'>) {
  return (eb: ExpressionBuilder<Database, 'events'>): ExpressionWrapper<Database, 'events', SqlBool> =>
    eb.or([
      eb('events.projectId', 'in', eb.selectFrom('projects').select('projects.id').where(managedProjects(user))),
      eb(
        'events.projectBranchId',
        'in',
        eb
          .selectFrom('signerships')
          .innerJoin('ndas', 'ndas.projectBranchId', 'signerships.projectBranchId')
          .select('signerships.projectBranchId')
          .where('signerships.userId', '=', user.id)
          .where('ndas.isSent', '=', true),
      ),
    ]);
}

/** An event counts as read by a user once marked read, and always when they wrote it. */
export function isReadBy(userId: number) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.or([
      eb('events.authorId', '=', userId),
      eb.exists(
        eb
          .selectFrom('eventReads')
          .select('eventReads.eventId')
          .whereRef('eventReads.eventId', '=', 'events.id')
          .where('eventReads.userId', '=', userId),
      ),
    ]);
}

/** Reading the feed needs the view_event permission (every role holds it today). */
export function requireViewEvent(user: Pick<UserRow, 'role'>): void {
  if (!permissionsForRole(user.role).includes('view_event')) throw AppError.forbidden();
}
