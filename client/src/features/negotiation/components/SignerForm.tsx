import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSignature } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { MAX_JOB_TITLE } from '@shared/schemas/fields';
import { disclosingPartyLine, SIGNING_MESSAGES } from '@shared/signing';
import { SignatureImage, SignatureModal } from '@client/features/signature';
import type { NdaReview } from '../hooks/use-nda-review';
import { usePassForm } from '../hooks/use-pass-form';
import { useSignerForm } from '../hooks/use-signer-form';
import { PassModal } from './PassModal';
import { SignConfirmModal } from './SignConfirmModal';

/**
 * A signer of the group fills in their company and title, checks their saved signature (or adds one)
 * and signs after a last look, or passes on the opportunity.
 */
export function SignerForm({
  review,
  signershipId,
  agreed,
}: {
  review: NdaReview;
  signershipId: number;
  agreed: number;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const signer = useSignerForm(review, signershipId, () =>
    formRef.current ? formRef.current.parentElement!.closest<HTMLElement>('[data-focus-return]') : null,
  );
  const passing = usePassForm(signer.pass, signershipId);
  const [signatureOpened, signatureModal] = useDisclosure(false);
  const { form, loaded, busy } = signer;
  // A signature added in its dialog replaces the button that opened it: the focus goes on to Sign NDA,
  // once the saved signature shows. Said here, not left to the dialog's return of the focus and the
  // focus keeper, whose order depends on when the review is read again.
  const signButton = useRef<HTMLButtonElement>(null);
  const [savedSignatures, setSavedSignatures] = useState(0);
  const focusedFor = useRef(0);
  useEffect(() => {
    if (savedSignatures === focusedFor.current || !signer.hasSignature) return;
    focusedFor.current = savedSignatures;
    signButton.current?.focus({ preventScroll: true });
  }, [savedSignatures, signer.hasSignature]);

  return (
    // Whatever else loses the focus in the form (a button disabled while its call runs) sends it to Sign NDA.
    <form ref={formRef} onSubmit={signer.submit} noValidate aria-label="Signing form" data-focus-return="[type=submit]">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Your company and title as they will appear on the signed NDA.
        </Text>
        <TextInput label="Company name" required disabled={!loaded} {...form.getInputProps('name')} />
        <Textarea
          label="Company address"
          required
          autosize
          minRows={2}
          maxRows={4}
          disabled={!loaded}
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Registration no."
            size="sm"
            disabled={!loaded}
            {...form.getInputProps('registrationNumber')}
          />
          <TextInput label="VAT" size="sm" disabled={!loaded} {...form.getInputProps('vat')} />
        </SimpleGrid>
        <TextInput
          label="Your title"
          description={
            signer.titleRequired ? 'The NDA has a place for it where you sign.' : 'Optional. Shown on the certificate.'
          }
          placeholder="For example, General Counsel"
          required={signer.titleRequired}
          maxLength={MAX_JOB_TITLE}
          autoComplete="organization-title"
          disabled={!loaded}
          {...form.getInputProps('jobTitle')}
        />
        <Stack gap={6}>
          <Text fz="sm" fw={500}>
            Your signature
          </Text>
          {signer.hasSignature ? (
            <SignatureImage url={review.me.sign} height={90} alt="Your saved signature" />
          ) : (
            <Button
              variant="light"
              color={signer.signatureError ? 'red' : 'navy'}
              leftSection={<IconSignature size={18} />}
              onClick={signatureModal.open}
            >
              {SIGNING_MESSAGES.addSignature}
            </Button>
          )}
          {signer.signatureError && (
            <Text c="red.8" fz="sm" role="alert">
              {signer.signatureError}
            </Text>
          )}
        </Stack>
        <Group grow gap="sm" mt={4} data-testid="signing-actions">
          <Button variant="default" color="red" onClick={passing.open} disabled={busy}>
            Pass
          </Button>
          <Button ref={signButton} type="submit" loading={busy} leftSection={<IconSignature size={18} />}>
            Sign NDA
          </Button>
        </Group>
      </Stack>
      <SignConfirmModal
        opened={signer.confirm.opened}
        onClose={signer.confirm.close}
        onConfirm={() => void signer.confirm.signNow()}
        loading={busy}
        action="sign"
        nda={review.nda}
        parties={{
          disclosing: disclosingPartyLine(review.project, review.project.companyName),
          receiving: `${form.getValues().name}, signed by ${review.me.firstName} ${review.me.lastName}`.trim(),
        }}
        agreedAmendments={agreed}
      />
      <SignatureModal
        opened={signatureOpened}
        onClose={signatureModal.close}
        onSaved={() => setSavedSignatures((n) => n + 1)}
        description="A saved signature is stamped on the NDA when you sign it."
      />
      <PassModal pass={passing} />
    </form>
  );
}
