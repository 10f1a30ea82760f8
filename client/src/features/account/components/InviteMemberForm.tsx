import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconMail } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES, memberInviteInput } from '@shared/schemas/account';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors, errorReasonOf } from '@client/lib/errors';
import { trpc } from '@client/lib/trpc';
import { refreshBilling } from '@client/features/billing';
import { SignatureModal } from '@client/features/signature';
import { AddToPlanModal } from './AddToPlanModal';

/**
 * Invites a colleague by e-mail. The two refusals that need the owner to act first open what lets them
 * act: no free seat opens the add-to-plan dialog, no saved signature opens the signature editor.
 */
export function InviteMemberForm() {
  const utils = trpc.useUtils();
  const invite = trpc.members.invite.useMutation();
  const [planOpened, plan] = useDisclosure(false);
  const [signatureOpened, signature] = useDisclosure(false);
  const form = useForm({
    initialValues: { email: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(memberInviteInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const member = await invite.mutateAsync(values);
      notifySuccess(`We sent an invitation to ${member.email}.`, 'Invitation sent');
      form.reset();
      await Promise.all([
        utils.members.list.invalidate(),
        utils.account.onboarding.invalidate(),
        refreshBilling(utils),
      ]);
    } catch (err) {
      // These two are shown, word for word, by the dialog that lets the owner act on them.
      const reason = errorReasonOf(err);
      if (reason === 'plan_limit_members') return plan.open();
      if (reason === 'signature_required') return signature.open();
      applyFormErrors(form, err);
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Invite a team member">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            aria-label="Team member e-mail"
            placeholder="name@yourfirm.com"
            type="email"
            autoComplete="off"
            leftSection={<IconMail size={16} />}
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" loading={invite.isPending} style={{ flexShrink: 0 }}>
            Invite
          </Button>
        </Group>
      </form>
      <AddToPlanModal opened={planOpened} onClose={plan.close} />
      <SignatureModal
        opened={signatureOpened}
        onClose={signature.close}
        title="Add your signature first"
        description={`${ACCOUNT_MESSAGES.signatureFirst} Team members send NDAs under your company's name, signed with your signature.`}
      />
    </>
  );
}
