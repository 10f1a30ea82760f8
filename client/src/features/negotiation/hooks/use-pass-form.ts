import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { passInput } from '@shared/schemas/signing';
import { SIGNING_MESSAGES } from '@shared/signing';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import type { useSigningActions } from '../api/signing';

type PassMutation = ReturnType<typeof useSigningActions>['pass'];

/** Passing on the opportunity: the confirmation with an optional reason, then the one call. */
export function usePassForm(pass: PassMutation, signershipId: number) {
  const [opened, modal] = useDisclosure(false);
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: schemaResolver(passInput, { sync: true }),
  });
  const confirm = async () => {
    if (form.validate().hasErrors) return;
    try {
      await pass.mutateAsync({ signership: signershipId, reason: form.getValues().reason.trim() || null });
      modal.close();
      notifySuccess(SIGNING_MESSAGES.passed);
    } catch (err) {
      applyFormErrors(form, err);
    }
  };
  return { form, opened, open: modal.open, close: modal.close, confirm, loading: pass.isPending };
}
