import type { ExpressionBuilder, Kysely } from 'kysely';
import type { ReportFilter } from '@shared/schemas/reports.js';
import type { Database, UserRow } from '@server/db/schema.js';
import { managedProjects } from '../projects/visible-projects.js';

type Viewer = Pick<UserRow, 'id' | 'role' | 'companyId'>;

function chosen(filter: ReportFilter) {
  const projects = filter.projectIn ?? [];
  const branches = filter.projectBranchIn ?? [];
  return { projects, branches, any: projects.length > 0 || branches.length > 0 };
}

/**
 * Whether the report is narrowed to groups: it then counts those groups' NDAs one by one; otherwise it
 * counts whole projects, from their running totals.
 */
export function groupsChosen(filter: ReportFilter): boolean {
  return (filter.projectBranchIn ?? []).length > 0;
}

/**
 * The projects a report counts: those the viewer runs (the project policy's list form), narrowed to
 * the projects chosen and the projects of the groups chosen. Ids the viewer may not see count nothing.
 */
export function reportProjects(db: Kysely<Database>, viewer: Viewer, filter: ReportFilter) {
  const { projects, branches, any } = chosen(filter);
  return db
    .selectFrom('projects')
    .select(['projects.id', 'projects.createdAt'])
    .where(managedProjects(viewer))
    .$if(any, (q) =>
      q.where((eb) =>
        eb.or([
          ...(projects.length ? [eb('projects.id', 'in', projects)] : []),
          ...(branches.length
            ? [
                eb(
                  'projects.id',
                  'in',
                  eb
                    .selectFrom('projectBranches')
                    .select('projectBranches.projectId')
                    .where('projectBranches.id', 'in', branches),
                ),
              ]
            : []),
        ]),
      ),
    );
}

/** The groups a report counts: every group of a chosen project, and each group chosen, of projects the viewer runs. */
export function reportBranches(db: Kysely<Database>, viewer: Viewer, filter: ReportFilter) {
  const { projects, branches, any } = chosen(filter);
  return db
    .selectFrom('projectBranches')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .select(['projectBranches.id', 'projectBranches.createdAt'])
    .where(managedProjects(viewer))
    .$if(any, (q) =>
      q.where((eb) =>
        eb.or([
          ...(projects.length ? [eb('projectBranches.projectId', 'in', projects)] : []),
          ...(branches.length ? [eb('projectBranches.id', 'in', branches)] : []),
        ]),
      ),
    );
}

/**
 * The events a report lists, as the reports page shows them: every event of a chosen project (its
 * project-wide ones too), the events of a chosen group, or, with nothing chosen, every event of the
 * projects the viewer runs.
 */
export function reportEvents(viewer: Viewer, filter: ReportFilter) {
  const { projects, branches, any } = chosen(filter);
  return (eb: ExpressionBuilder<Database, 'events'>) => {
    const managed = eb.selectFrom('projects').select('projects.id').where(managedProjects(viewer));
    if (!any) return eb('events.projectId', 'in', managed);
    return eb.and([
      eb('events.projectId', 'in', managed),
      eb.or([
        ...(projects.length ? [eb('events.projectId', 'in', projects)] : []),
        ...(branches.length ? [eb('events.projectBranchId', 'in', branches)] : []),
      ]),
    ]);
  };
}
