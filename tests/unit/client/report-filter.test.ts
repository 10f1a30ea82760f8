import { describe, expect, it } from 'vitest';
import {
  type ChoiceProject,
  filterOptions,
  inSelection,
  nextSelection,
  reportQuery,
} from '@client/features/reports/api/report-filter';

// client/src/features/reports/api/report-filter.ts: the reports' multi-select of projects and groups.

const projects: ChoiceProject[] = [
  {
    id: 1,
    name: 'Falcon',
    projectBranches: [
      { id: 10, name: 'Buyers A' },
      { id: 11, name: 'Buyers B' },
    ],
  },
  { id: 2, name: 'Heron', projectBranches: [{ id: 20, name: 'Strategics' }] },
  { id: 3, name: 'Ibis', projectBranches: [] },
];

describe('filterOptions', () => {
  it('offers each project, then its groups, with the spec’s labels', () => {
    expect(filterOptions(projects)[0]).toEqual({
      group: 'Falcon',
      items: [
        { value: 'p:1', label: 'Project: Falcon' },
        { value: 'g:10', label: 'Group: Buyers A' },
        { value: 'g:11', label: 'Group: Buyers B' },
      ],
    });
    expect(filterOptions(projects)[2]!.items).toEqual([{ value: 'p:3', label: 'Project: Ibis' }]);
  });
});

describe('nextSelection', () => {
  it('chooses all the groups of a project chosen', () => {
    expect(nextSelection(projects, [], ['p:1'])).toEqual(['p:1', 'g:10', 'g:11']);
    expect(nextSelection(projects, ['g:20'], ['g:20', 'p:1'])).toEqual(['p:1', 'g:10', 'g:11', 'g:20']);
  });

  it('drops all the groups of a project dropped', () => {
    expect(nextSelection(projects, ['p:1', 'g:10', 'g:11', 'g:20'], ['g:10', 'g:11', 'g:20'])).toEqual(['g:20']);
  });

  it('unchooses a project when one of its groups is dropped, keeping the others', () => {
    expect(nextSelection(projects, ['p:1', 'g:10', 'g:11'], ['p:1', 'g:11'])).toEqual(['g:11']);
  });

  it('leaves a group chosen alone as it is', () => {
    expect(nextSelection(projects, [], ['g:11'])).toEqual(['g:11']);
    expect(nextSelection(projects, ['g:11'], [])).toEqual([]);
  });
});

describe('reportQuery and inSelection', () => {
  it('sends the projects chosen, and groups only when their project is not', () => {
    expect(reportQuery(projects, [])).toEqual({});
    expect(reportQuery(projects, ['p:1', 'g:10', 'g:11', 'g:20'])).toEqual({ projectIn: [1], projectBranchIn: [20] });
    expect(reportQuery(projects, ['g:11'])).toEqual({ projectBranchIn: [11] });
  });

  it('keeps the events of the projects and groups chosen', () => {
    const query = { projectIn: [2], projectBranchIn: [11] };
    expect(inSelection(query, { project: 2, projectBranch: null })).toBe(true);
    expect(inSelection(query, { project: 1, projectBranch: 11 })).toBe(true);
    expect(inSelection(query, { project: 1, projectBranch: 10 })).toBe(false);
    expect(inSelection(query, { project: 1, projectBranch: null })).toBe(false);
    expect(inSelection({}, { project: 9, projectBranch: null })).toBe(true);
  });
});
