import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifySuccess } from '@client/components/ui/notify';
import { toastError } from '@client/lib/errors';
import { ListSkeleton, QueryState } from '@client/components/ui/QueryState';
import type { ContactDto } from '@client/lib/api-types';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { useContacts, useDeleteContact } from '../api/contacts';
import { ContactCard, personName } from './ContactCard';
import { ContactFormModal } from './ContactFormModal';

/** Contacts are cards, four a row on wide screens. */
const GRID = { base: 1, xs: 2, md: 4 };

/** My Network (spec 2): the company's contacts, four to a row, with add, edit and delete. */
export function NetworkBrowser() {
  const contacts = useContacts();
  const remove = useDeleteContact();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ContactDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const all = useMemo(() => contacts.data?.results ?? [], [contacts.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return all;
    return all.filter((c) => `${c.firstName} ${c.lastName} ${c.email} ${c.companyName}`.toLowerCase().includes(q));
  }, [all, search]);

  const openForm = (contact: ContactDto | null) => {
    setEditing(contact);
    setFormOpen(true);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" justify="space-between">
          <TextInput
            size="sm"
            placeholder="Filter by name, e-mail or company..."
            aria-label="Filter contacts"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 240px', maxWidth: 380 }}
          />
          <Group gap="sm">
            <Text fz="sm" c="dimmed">
              {contacts.isSuccess ? `${all.length} ${all.length === 1 ? 'contact' : 'contacts'}` : ''}
            </Text>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => openForm(null)}>
              Add contact
            </Button>
          </Group>
        </Group>
      </Paper>

      <QueryState
        query={contacts}
        errorTitle="Your network could not be loaded"
        loading={<ListSkeleton count={4} height={190} cols={GRID} />}
        isEmpty={(data) => data.results.length === 0}
        empty={
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" gap="xs" ta="center">
              <Text c="red.7" fw={600} data-testid="network-empty">
                Currently you have no connection in your network
              </Text>
              <Text c="dimmed" fz="sm" maw={480}>
                People you send NDAs to are added here. You can also add them yourself, or upload a list of buyers from
                a project’s tracker.
              </Text>
            </Stack>
          </Paper>
        }
      >
        {() =>
          shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No contact matches “{search.trim()}”.
            </Text>
          ) : (
            <SimpleGrid cols={GRID} spacing="lg">
              {shown.map((c) => (
                <ContactCard key={c.id} person={c} onEdit={() => openForm(c)} onDelete={() => setDeleting(c)} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>

      <ContactFormModal opened={formOpen} onClose={() => setFormOpen(false)} contact={editing} />
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete contact"
        message={
          deleting
            ? `Delete ${personName(deleting) === '-' ? deleting.email : personName(deleting)} from your network? Groups they are already in keep them.`
            : ''
        }
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: deleting!.id },
            {
              onSuccess: () => {
                notifySuccess('The contact is deleted.');
                setDeleting(null);
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
    </Stack>
  );
}
