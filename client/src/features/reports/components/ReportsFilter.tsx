import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { type ChoiceProject, filterOptions, nextSelection } from '../api/report-filter';

/** 'Filter by projects or groups...': choosing a project chooses all its groups, dropping it drops them. */
export function ReportsFilter({
  projects,
  value,
  onChange,
}: {
  projects: ChoiceProject[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const data = useMemo(() => filterOptions(projects), [projects]);
  return (
    <MultiSelect
      aria-label="Filter by projects or groups"
      placeholder={value.length ? undefined : 'Filter by projects or groups...'}
      data={data}
      value={value}
      onChange={(after) => onChange(nextSelection(projects, value, after))}
      searchable
      clearable
      hidePickedOptions={false}
      nothingFoundMessage="No project or group matches"
      maxDropdownHeight={320}
      data-testid="reports-filter"
    />
  );
}
