import { SegmentedControl, Stack } from '@mantine/core';
import { FormSection } from '@client/components/ui/FormSection';
import { useSignerGroups } from '../api/groups';
import type { RecipientsFormApi, RecipientsValues } from '../recipient-rows';
import { ContactsGroupChoice } from './ContactsGroupChoice';
import { RecipientRows } from './RecipientRows';

/** Who receives the NDA: typed rows or, for a new group, an existing contacts group. */
export function RecipientsSection({
  form,
  editing,
  disabled,
}: {
  form: RecipientsFormApi;
  editing: boolean;
  disabled: boolean;
}) {
  const mode = form.getValues().mode;
  // Read ahead, so the choice is ready the moment a new group switches to an existing contacts group.
  useSignerGroups(!editing);
  return (
    <FormSection
      title="Recipients"
      description="They receive the NDA by e-mail. New recipients are invited to create an account; all of them are added to My Network."
    >
      <Stack gap="md">
        {!editing && (
          <SegmentedControl
            value={mode}
            onChange={(next) => {
              form.setFieldValue('mode', next as RecipientsValues['mode']);
              form.clearErrors();
            }}
            data={[
              { value: 'new', label: 'New recipients' },
              { value: 'existing', label: 'Existing contacts group' },
            ]}
            disabled={disabled}
            fullWidth
            aria-label="Recipients"
          />
        )}
        {mode === 'new' ? (
          <RecipientRows form={form} disabled={disabled} />
        ) : (
          <ContactsGroupChoice form={form} disabled={disabled} />
        )}
      </Stack>
    </FormSection>
  );
}
