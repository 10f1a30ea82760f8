/**
 * The reports' filter: one multi-select of projects ('Project: name') and their groups ('Group:
 * name'). Choosing or dropping a project chooses or drops all its groups; a group dropped while its
 * project is chosen leaves the project unchosen (the rest of its groups stay). Pure, so it is tested
 * without a browser.
 */

export interface ChoiceProject {
  id: number;
  name: string;
  projectBranches: Array<{ id: number; name: string }>;
}

/** Option values of the multi-select: 'p:<id>' for a project, 'g:<id>' for a group. */
export const projectValue = (id: number) => `p:${id}`;
export const groupValue = (id: number) => `g:${id}`;

export interface FilterOptionGroup {
  group: string;
  items: Array<{ value: string; label: string }>;
}

/** The options, each project followed by its groups. */
export function filterOptions(projects: ChoiceProject[]): FilterOptionGroup[] {
  return projects.map((p) => ({
    group: p.name,
    items: [
      { value: projectValue(p.id), label: `Project: ${p.name}` },
      ...p.projectBranches.map((b) => ({ value: groupValue(b.id), label: `Group: ${b.name}` })),
    ],
  }));
}

/**
 * The selection after the multi-select's change from `before` to `after`: a project added brings its
 * groups, a project removed takes them away, a group removed unchooses its project.
 */
export function nextSelection(projects: ChoiceProject[], before: string[], after: string[]): string[] {
  const was = new Set(before);
  const now = new Set(after);
  const result = new Set(after);
  for (const p of projects) {
    const pv = projectValue(p.id);
    const groups = p.projectBranches.map((b) => groupValue(b.id));
    if (now.has(pv) && !was.has(pv)) for (const g of groups) result.add(g);
    else if (!now.has(pv) && was.has(pv)) for (const g of groups) result.delete(g);
    else if (now.has(pv) && groups.some((g) => was.has(g) && !now.has(g))) result.delete(pv);
  }
  // Keep the options' order, so chips do not jump around.
  const order = projects.flatMap((p) => [projectValue(p.id), ...p.projectBranches.map((b) => groupValue(b.id))]);
  return order.filter((v) => result.has(v));
}

export interface ReportQuery {
  projectIn?: number[];
  projectBranchIn?: number[];
}

/** The metrics call's filter: the projects chosen, and the groups chosen without their project. */
export function reportQuery(projects: ChoiceProject[], selection: string[]): ReportQuery {
  const chosen = new Set(selection);
  const projectIn: number[] = [];
  const projectBranchIn: number[] = [];
  for (const p of projects) {
    if (chosen.has(projectValue(p.id))) projectIn.push(p.id);
    else for (const b of p.projectBranches) if (chosen.has(groupValue(b.id))) projectBranchIn.push(b.id);
  }
  return {
    ...(projectIn.length ? { projectIn } : {}),
    ...(projectBranchIn.length ? { projectBranchIn } : {}),
  };
}

/** Whether an event of a project (and group) falls in the chosen projects and groups; everything when none is chosen. */
export function inSelection(query: ReportQuery, event: { project: number; projectBranch: number | null }): boolean {
  if (!query.projectIn && !query.projectBranchIn) return true;
  if (query.projectIn?.includes(event.project)) return true;
  return event.projectBranch !== null && !!query.projectBranchIn?.includes(event.projectBranch);
}
