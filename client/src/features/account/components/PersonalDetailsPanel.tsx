import { LocationPicker } from '@client/components/ui/LocationPicker';
import { Anchor, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_JOB_TITLE, MAX_NAME } from '@shared/schemas/fields';
import { profileUpdateInput } from '@shared/schemas/account';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import type { CurrentUser } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { useSetCurrentUser } from '@client/features/auth';
import { AccountPanel } from './AccountPanel';
import { DetailItem } from './DetailItem';

interface PersonalValues {
  firstName: string;
  lastName: string;
  jobTitle: string;
  location: string;
  linkedinLink: string;
}

const FIELD_MAP = { newLocation: 'location', newLinkedinLink: 'linkedinLink' };

function valuesOf(user: CurrentUser): PersonalValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle,
    location: user.location,
    linkedinLink: user.linkedinLink,
  };
}

function LinkedIn({ url }: { url: string }) {
  if (!url) return <DetailItem label="LinkedIn" value="" />;
  return (
    <DetailItem
      label="LinkedIn"
      value={
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {url.replace(/^https?:\/\/(www\.)?/i, '')}
        </Anchor>
      }
    />
  );
}

/**
 * Name, job title (signing fills it into the NDA's title fields), location and LinkedIn: read, or
 * edited in place; Cancel puts the saved values back.
 */
export function PersonalDetailsPanel({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const update = trpc.account.updateProfile.useMutation();
  const setCurrentUser = useSetCurrentUser();
  const form = useForm<PersonalValues>({
    initialValues: valuesOf(user),
    validateInputOnBlur: true,
    validate: schemaResolver(profileUpdateInput, { sync: true }),
  });

  const startEditing = () => {
    form.setInitialValues(valuesOf(user));
    form.reset();
    setEditing(true);
  };

  const cancel = () => {
    form.reset();
    setEditing(false);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      setCurrentUser(await update.mutateAsync(values));
      notifySuccess('Your details are saved.');
      setEditing(false);
    } catch (err) {
      applyFormErrors(form, err, FIELD_MAP);
    }
  });

  return (
    <AccountPanel
      id="personal-details"
      title="Personal details"
      description={
        user.role === 'signer'
          ? 'How you appear to the parties you negotiate with.'
          : 'How you appear to your team and to the parties you negotiate with.'
      }
      actions={
        !editing && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={startEditing}
            aria-label="Edit personal details"
          >
            Edit
          </Button>
        )
      }
    >
      {editing ? (
        <form onSubmit={submit} noValidate aria-label="Personal details">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="First name"
                withAsterisk
                maxLength={MAX_NAME}
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                withAsterisk
                maxLength={MAX_NAME}
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Job title"
              description="Optional. Shown as your title where you sign an NDA."
              placeholder="For example, Managing Partner"
              maxLength={MAX_JOB_TITLE}
              autoComplete="organization-title"
              {...form.getInputProps('jobTitle')}
            />
            <LocationPicker {...form.getInputProps('location')} />
            <TextInput
              label="LinkedIn Url"
              type="url"
              placeholder="https://www.linkedin.com/in/…"
              {...form.getInputProps('linkedinLink')}
            />
            <FormActions onCancel={cancel} busy={update.isPending} submitLabel="Save changes" />
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="lg">
          <DetailItem label="First name" value={user.firstName} />
          <DetailItem label="Last name" value={user.lastName} />
          <DetailItem label="E-mail" value={user.email} />
          <DetailItem label="Job title" value={user.jobTitle} />
          <DetailItem label="Location" value={user.location} />
          <LinkedIn url={user.linkedinLink} />
        </SimpleGrid>
      )}
    </AccountPanel>
  );
}
