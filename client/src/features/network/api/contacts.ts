import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@shared/schemas/contacts';
import { trpc } from '@client/lib/trpc';

/** The company's contacts (My Network), sorted by name by the server. */
export function useContacts(enabled = true) {
  return trpc.contacts.list.useQuery({ limit: -1 }, { enabled });
}

export function useSaveContact() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ id, ...contact }: ContactInput & { id?: number }) =>
      id ? utils.client.contacts.update.mutate({ id, ...contact }) : utils.client.contacts.create.mutate(contact),
    onSuccess: () => utils.contacts.invalidate(),
  });
}

/** Deletes a contact in one call: it leaves the cached lists at once, with nothing read again. */
export function useDeleteContact() {
  const utils = trpc.useUtils();
  return trpc.contacts.delete.useMutation({
    onSuccess: (_answer, { id }) =>
      utils.contacts.list.setQueriesData({}, {}, (page) =>
        page?.results.some((c) => c.id === id)
          ? { ...page, count: page.count - 1, results: page.results.filter((c) => c.id !== id) }
          : page,
      ),
  });
}
