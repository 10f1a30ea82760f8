import { ActionIcon, Autocomplete, Button, Grid, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';

import { IconAddressBook, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useContacts } from '@client/features/network';
import { newRow, type RecipientRow } from '../recipient-rows';
import type { RecipientsFormApi } from '../recipient-rows';

/** The recipient rows (first name, last name, e-mail), with add, remove and pick from My Network. */
export function RecipientRows({ form, disabled }: { form: RecipientsFormApi; disabled?: boolean }) {
  const rows = form.getValues().recipients;
  const contacts = useContacts();
  const [pick, setPick] = useState('');
  const taken = new Set(rows.map((r) => r.email.trim().toLowerCase()));
  const options = (contacts.data?.results ?? [])
    .filter((c) => !taken.has(c.email.toLowerCase()))
    .map((c) => ({ value: `${`${c.firstName} ${c.lastName}`.trim() || c.email} <${c.email}>`, contact: c }));

  const add = (values?: Partial<RecipientRow>) => {
    const blank = rows.findIndex((r) => !r.firstName.trim() && !r.lastName.trim() && !r.email.trim());
    if (values && blank !== -1) form.replaceListItem('recipients', blank, { ...rows[blank]!, ...values });
    else form.insertListItem('recipients', newRow(values));
  };

  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder radius="md" p="sm" data-testid="recipient-row">
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <Text fz="sm" c="dimmed" fw={600} w={20} mt={30} ta="right" visibleFrom="xs">
              {index + 1}
            </Text>
            <Grid columns={24} gap="sm" style={{ flex: 1 }}>
              <Grid.Col span={{ base: 24, sm: 7 }}>
                <TextInput
                  size="sm"
                  label="First name"
                  autoComplete="off"
                  disabled={disabled}
                  {...form.getInputProps(`recipients.${index}.firstName`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 7 }}>
                <TextInput
                  size="sm"
                  label="Last name"
                  autoComplete="off"
                  disabled={disabled}
                  {...form.getInputProps(`recipients.${index}.lastName`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 10 }}>
                <TextInput
                  size="sm"
                  label="Email"
                  type="email"
                  autoComplete="off"
                  disabled={disabled}
                  {...form.getInputProps(`recipients.${index}.email`)}
                />
              </Grid.Col>
            </Grid>
            <Tooltip label="Remove recipient">
              <ActionIcon
                variant="subtle"
                color="gray"
                mt={28}
                aria-label={`Remove recipient ${index + 1}`}
                onClick={() =>
                  rows.length > 1
                    ? form.removeListItem('recipients', index)
                    : form.setFieldValue('recipients', [newRow()])
                }
                disabled={disabled}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
      ))}
      {typeof form.errors.recipients === 'string' && (
        <Text c="red" fz="sm">
          {form.errors.recipients}
        </Text>
      )}
      <Group gap="sm" align="flex-end">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => add()} disabled={disabled}>
          Add recipient
        </Button>
        {options.length > 0 && (
          <Autocomplete
            size="sm"
            placeholder="Add from My Network…"
            aria-label="Add a recipient from My Network"
            leftSection={<IconAddressBook size={16} />}
            data={options.map((o) => o.value)}
            value={pick}
            onChange={setPick}
            onOptionSubmit={(value) => {
              const c = options.find((o) => o.value === value)?.contact;
              if (c) add({ firstName: c.firstName, lastName: c.lastName, email: c.email });
              setTimeout(() => setPick(''), 0);
            }}
            disabled={disabled}
            limit={8}
            style={{ flex: '1 1 240px', maxWidth: 360 }}
          />
        )}
      </Group>
    </Stack>
  );
}
