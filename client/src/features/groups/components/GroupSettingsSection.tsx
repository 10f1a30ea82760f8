import { Alert, Stack, Switch } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { FormSection } from '@client/components/ui/FormSection';
import type { RecipientsFormApi } from '../recipient-rows';

/** What the group may do and see, and whether it follows the project NDA. */
export function GroupSettingsSection({
  form,
  editing,
  ndaSent,
  noProjectNda,
  disabled,
}: {
  form: RecipientsFormApi;
  editing: boolean;
  /** The group's NDA is sent: it keeps the NDA it has. */
  ndaSent: boolean;
  /** The group would use the project NDA, and the project has none yet. */
  noProjectNda: boolean;
  disabled: boolean;
}) {
  return (
    <FormSection title="Settings" description="What this group may do and see.">
      <Stack gap="md">
        <Switch
          label="Allow comments"
          description="Recipients can comment on clauses and negotiate them."
          disabled={disabled}
          {...form.getInputProps('allowComments', { type: 'checkbox' })}
        />
        <Switch
          label="Send teaser"
          description="Recipients can view the project teaser."
          disabled={disabled}
          {...form.getInputProps('sendTeaser', { type: 'checkbox' })}
        />
        <Switch
          label="Use the project NDA"
          description={
            editing ? 'Whether this group follows the project NDA.' : 'Off: give this group an NDA of its own.'
          }
          disabled={disabled || (editing && ndaSent)}
          {...form.getInputProps('inheritNdaFromProject', { type: 'checkbox' })}
        />
        {noProjectNda && !editing && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            This project has no NDA yet. Add it on the project’s NDA page, or switch off “Use the project NDA” and give
            this group its own.
          </Alert>
        )}
      </Stack>
    </FormSection>
  );
}
