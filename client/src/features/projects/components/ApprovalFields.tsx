import { Fieldset, MultiSelect, Stack, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ProjectDto } from '@client/lib/api-types';
import { trpc } from '@client/lib/trpc';

interface ApprovalValues {
  proposalApproval: boolean;
  /** Member ids, as the picker holds them. */
  approvers: string[];
}

/**
 * Internal approval: whether team members' proposals outside the playbook wait for an approver, and
 * which members on the project may approve besides the owners.
 */
export function ApprovalFields<V extends ApprovalValues>({
  form,
  project,
}: {
  form: UseFormReturnType<V>;
  project: ProjectDto;
}) {
  const members = trpc.members.list.useQuery();
  const onProject = (members.data ?? []).filter((m) => project.members.includes(m.id));
  const values = form.getValues();
  return (
    <Fieldset legend="Internal approval" variant="filled">
      <Stack gap="sm">
        <Switch
          label="Hold team members’ proposals outside the playbook for approval"
          description="An approver releases or discards each one; the bidder sees nothing until it is released."
          {...form.getInputProps('proposalApproval', { type: 'checkbox' })}
        />
        {values.proposalApproval && (
          <MultiSelect
            label="Team members who may approve"
            description="The account owner and the project’s creator always may."
            data={onProject.map((m) => ({
              value: String(m.id),
              label: `${m.firstName} ${m.lastName}`.trim() || m.email,
            }))}
            {...form.getInputProps('approvers')}
            searchable
            clearable
          />
        )}
      </Stack>
    </Fieldset>
  );
}
