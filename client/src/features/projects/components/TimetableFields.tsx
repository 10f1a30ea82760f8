import { Fieldset, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { REMINDER_DAYS_MAX } from '@shared/timetable';
import { browserTimeZone } from '@client/lib/deadline-input';

export interface TimetableValues {
  /** datetime-local text in the browser's zone; empty: no deadline. */
  ndaDeadlineLocal: string;
  remindersEnabled: boolean;
  firstAfterDays: number;
  everyDays: number;
}

/** The project's NDA deadline (in the adviser's time zone) and automatic reminder schedule. */
export function TimetableFields<V extends TimetableValues>({ form }: { form: UseFormReturnType<V> }) {
  const enabled = form.getValues().remindersEnabled;
  return (
    <Fieldset legend="Timetable" variant="filled">
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="NDA deadline"
          description={`In your time zone (${browserTimeZone()}). After it an unsigned NDA can no longer be signed; a group may have its own. Leave empty for none.`}
          data-testid="project-nda-deadline"
          {...form.getInputProps('ndaDeadlineLocal')}
        />
        <Switch
          label="Remind unsigned recipients by e-mail"
          {...form.getInputProps('remindersEnabled', { type: 'checkbox' })}
        />
        <Group grow>
          <NumberInput
            label="First reminder after (days)"
            min={1}
            max={REMINDER_DAYS_MAX}
            allowDecimal={false}
            disabled={!enabled}
            {...form.getInputProps('firstAfterDays')}
          />
          <NumberInput
            label="Then every (days)"
            min={1}
            max={REMINDER_DAYS_MAX}
            allowDecimal={false}
            disabled={!enabled}
            {...form.getInputProps('everyDays')}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}
