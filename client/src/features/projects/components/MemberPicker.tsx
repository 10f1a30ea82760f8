import { Anchor, MultiSelect, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { trpc } from '@client/lib/trpc';

interface MemberPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  error?: string | null;
  /** Users who cannot be taken off (the signed-in user, the project's creator). */
  locked?: number[];
  label?: string;
}

/** Team members of the company to put on a project (members.list). */
export function MemberPicker({
  value,
  onChange,
  disabled,
  error,
  locked = [],
  label = 'Team members',
}: MemberPickerProps) {
  const members = trpc.members.list.useQuery();
  const data = (members.data ?? []).map((m) => ({
    value: String(m.id),
    label: `${`${m.firstName} ${m.lastName}`.trim() || m.email}${m.isActive ? '' : ' (invited)'}`,
  }));
  const empty = members.isSuccess && data.length === 0;
  return (
    <MultiSelect
      label={label}
      placeholder={empty ? 'No team members yet' : value.length ? undefined : 'Pick team members'}
      data={data}
      value={value}
      onChange={(ids) => onChange([...new Set([...ids, ...locked.map(String).filter((id) => value.includes(id))])])}
      searchable
      clearable={locked.length === 0}
      disabled={disabled || empty}
      error={error}
      nothingFoundMessage="No team member with this name"
      description={
        empty ? (
          <Text span fz="xs" c="dimmed">
            Invite colleagues from your{' '}
            <Anchor component={Link} to="/account" inherit>
              account page
            </Anchor>{' '}
            to work on projects together.
          </Text>
        ) : (
          'They see the project, its NDAs and its tracker.'
        )
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
