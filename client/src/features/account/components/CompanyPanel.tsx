import { Alert, Button, Loader, SimpleGrid, Stack, Textarea, TextInput, Tooltip } from '@mantine/core';
import { FormActions } from '@client/components/ui/FormActions';
import { schemaResolver, useForm } from '@mantine/form';
import { IconInfoCircle, IconLock, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { companyUpdateInput } from '@shared/schemas/account';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors, errorMessageOf } from '@client/lib/errors';
import type { CurrentUser, RouterOutputs } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';
import { AccountPanel } from './AccountPanel';
import { DetailItem } from './DetailItem';

type Company = NonNullable<RouterOutputs['account']['company']>;

interface CompanyValues {
  name: string;
  address: string;
  registrationNumber: string;
  vat: string;
}

function valuesOf(company: Company): CompanyValues {
  return {
    name: company.name,
    address: company.address,
    registrationNumber: company.registrationNumber,
    vat: company.vat,
  };
}

/** The company NDAs are sent and signed for. Its owner edits it; team members read it. */
export function CompanyPanel({ user }: { user: CurrentUser }) {
  const company = trpc.account.company.useQuery();
  const canEdit = !user.isMember;
  const [editing, setEditing] = useState(false);

  const description =
    user.role === 'signer'
      ? 'The legal entity named on the NDAs you sign.'
      : 'The legal entity named on the NDAs your team sends and signs.';
  if (company.isPending) {
    return (
      <AccountPanel id="company" title="My company" description={description}>
        <Loader size="sm" aria-label="Loading company" />
      </AccountPanel>
    );
  }
  if (company.isError || !company.data) {
    return (
      <AccountPanel id="company" title="My company" description={description}>
        <Alert color={company.isError ? 'red' : 'gray'} variant="light" icon={<IconInfoCircle size={18} />}>
          {company.isError ? errorMessageOf(company.error) : 'Your account is not linked to a company.'}
        </Alert>
      </AccountPanel>
    );
  }

  const editButton = canEdit ? (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconPencil size={14} />}
      onClick={() => setEditing(true)}
      aria-label="Edit company"
    >
      Edit
    </Button>
  ) : (
    <Tooltip label="Only the account owner can edit the company" withArrow>
      {/* A disabled button gets no pointer events: the wrapper carries the explanation. */}
      <span tabIndex={0}>
        <Button variant="default" size="xs" leftSection={<IconLock size={14} />} disabled aria-label="Edit company">
          Edit
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <AccountPanel id="company" title="My company" description={description} actions={!editing && editButton}>
      {editing ? (
        <CompanyForm company={company.data} onDone={() => setEditing(false)} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="lg">
          <DetailItem label="Company name" value={company.data.name} />
          <DetailItem label="Address" value={company.data.address} />
          <DetailItem label="Registration number" value={company.data.registrationNumber} />
          <DetailItem label="VAT" value={company.data.vat} />
        </SimpleGrid>
      )}
    </AccountPanel>
  );
}

function CompanyForm({ company, onDone }: { company: Company; onDone: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.account.updateCompany.useMutation();
  const form = useForm<CompanyValues>({
    initialValues: valuesOf(company),
    validateInputOnBlur: true,
    validate: schemaResolver(companyUpdateInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ id: company.id, ...values });
      utils.account.company.setData(undefined, saved);
      // The company's name is part of the signed-in user as well.
      void utils.account.me.invalidate();
      notifySuccess('Company details are saved.');
      onDone();
    } catch (err) {
      applyFormErrors(form, err);
    }
  });

  const cancel = () => {
    form.reset();
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Company details">
      <Stack gap="md">
        <TextInput
          label="Company name"
          withAsterisk
          autoComplete="organization"
          maxLength={255}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Address"
          size="md"
          withAsterisk
          autosize
          minRows={2}
          maxRows={5}
          maxLength={512}
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Registration number"
            description="Optional"
            maxLength={64}
            {...form.getInputProps('registrationNumber')}
          />
          <TextInput label="VAT" description="Optional" maxLength={64} {...form.getInputProps('vat')} />
        </SimpleGrid>
        <FormActions onCancel={cancel} busy={update.isPending} submitLabel="Save company" />
      </Stack>
    </form>
  );
}
