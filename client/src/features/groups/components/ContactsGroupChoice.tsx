import { Alert, List, Select, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useContacts } from '@client/features/network';
import { useSignerGroups } from '../api/groups';
import type { RecipientsFormApi } from '../recipient-rows';

/** A new group's recipients taken from an existing contacts group, with the people in the one chosen. */
export function ContactsGroupChoice({ form, disabled }: { form: RecipientsFormApi; disabled: boolean }) {
  const signerGroups = useSignerGroups();
  const contacts = useContacts();
  const groups = signerGroups.data?.results ?? [];
  const chosen = groups.find((g) => String(g.id) === form.getValues().signerGroup);
  const contactByUser = new Map((contacts.data?.results ?? []).filter((c) => c.user).map((c) => [c.user!.pk, c]));

  if (groups.length === 0 && signerGroups.isSuccess)
    return (
      <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="no-contacts-group">
        Please, first create group
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Select
        label="Contacts group"
        placeholder="Choose a contacts group"
        data={groups.map((g) => ({ value: String(g.id), label: `${g.name} (${g.users.length})` }))}
        searchable
        disabled={disabled || signerGroups.isPending}
        nothingFoundMessage="No contacts group with this name"
        {...form.getInputProps('signerGroup')}
      />
      {chosen && (
        <List size="sm" spacing={2} c="gray.7">
          {chosen.users.map((id) => {
            const c = contactByUser.get(id);
            return (
              <List.Item key={id}>
                {c ? `${`${c.firstName} ${c.lastName}`.trim() || c.email} · ${c.email}` : `Recipient #${id}`}
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
