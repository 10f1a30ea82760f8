import { ndaPagePath } from '@shared/paths';

/** The group's NDA page with the thread opened (its page shown, the thread highlighted in the list). */
export function threadPath(projectId: number, thread: { projectBranch: number; id: number }): string {
  return `${ndaPagePath(projectId, thread.projectBranch)}?thread=${thread.id}`;
}
