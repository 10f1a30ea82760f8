import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { contactInput } from '@shared/schemas/contacts';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import type { ContactDto } from '@client/lib/api-types';
import { useSaveContact } from '../api/contacts';

/** Add or edit a contact: first name, last name and e-mail, all required. */
export function ContactFormModal({
  opened,
  onClose,
  contact,
}: {
  opened: boolean;
  onClose: () => void;
  contact: ContactDto | null;
}) {
  const save = useSaveContact();
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(contactInput, { sync: true }),
  });
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      firstName: contact?.firstName ?? '',
      lastName: contact?.lastName ?? '',
      email: contact?.email ?? '',
    });
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset the form when the modal opens or shows another contact
  }, [opened, contact]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        id: contact?.id,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim().toLowerCase(),
      },
      {
        onSuccess: () => {
          notifySuccess(contact ? 'The contact is saved.' : 'The contact is added to your network.');
          onClose();
        },
        onError: (err) => applyFormErrors(form, err),
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? 'Edit contact' : 'Add a contact'}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First name" required data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <FormActions onCancel={onClose} busy={save.isPending} submitLabel={contact ? 'Save' : 'Add contact'} />
        </Stack>
      </form>
    </Modal>
  );
}
