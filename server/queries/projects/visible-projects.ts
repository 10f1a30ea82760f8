import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import type { Database, UserRow } from '@server/db/schema.js';

type ProjectsEb = ExpressionBuilder<Database, 'projects'>;
type Condition = ExpressionWrapper<Database, 'projects', SqlBool>;

/**
 * SQL forms of the project policy (policies/project.ts), for lists: the projects a user runs
 * (owner: every project of the company; team member: those they created or are a member of) and
 * the projects they received (a signership in a group whose NDA was sent).
 */
export function managedProjects(user: Pick<UserRow, 'id' | 'role' | 'companyId'>) {
  return (eb: ProjectsEb): Condition => {
    if (user.companyId === null) return eb.lit(false);
    if (user.role === 'owner') return eb('projects.companyId', '=', user.companyId);
    if (user.role !== 'member') return eb.lit(false);
    // A semi-join on the member's few projects (their memberships, and what they created), rather than
    // a test on every project of the company: the planner then reads those projects alone.
    return eb.and([
      eb('projects.companyId', '=', user.companyId),
      eb(
        'projects.id',
        'in',
        eb
          .selectFrom('projectMembers')
          .select('projectMembers.projectId')
          .where('projectMembers.userId', '=', user.id)
          .union(
            eb
              .selectFrom('projects as created')
              .select('created.id as projectId')
              .where('created.ownerId', '=', user.id),
          ),
      ),
    ]);
  };
}

export function receivedProjects(userId: number) {
  return (eb: ProjectsEb): Condition =>
    eb.exists(
      eb
        .selectFrom('signerships')
        .innerJoin('projectBranches', 'projectBranches.id', 'signerships.projectBranchId')
        .innerJoin('ndas', 'ndas.projectBranchId', 'signerships.projectBranchId')
        .select('signerships.id')
        .whereRef('projectBranches.projectId', '=', 'projects.id')
        .where('signerships.userId', '=', userId)
        .where('ndas.isSent', '=', true),
    );
}
