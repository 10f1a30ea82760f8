import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { hasField } from '@shared/schemas/signature-fields';
import { signingForm } from '@shared/schemas/signing';
import { SIGNING_MESSAGES } from '@shared/signing';
import { notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors } from '@client/lib/errors';
import { useSetCurrentUser } from '@client/features/auth';
import { useSignatureFields } from '../api/signature-fields';
import { useSignerCompany, useSigningActions } from '../api/signing';
import type { NdaReview } from './use-nda-review';

export interface SigningValues {
  name: string;
  address: string;
  registrationNumber: string;
  vat: string;
  jobTitle: string;
}

/**
 * The signing form: the signer's company (read, then shown for a last edit) and title, checked before
 * the confirmation opens. Signing is one call: the company goes with the signature when it was edited,
 * and the title always does (the server saves both, and stamps them).
 */
export function useSignerForm(review: NdaReview, signershipId: number, panelOf: () => HTMLElement | null) {
  const { company } = useSignerCompany();
  const { sign, pass } = useSigningActions(review.nda.id, review.branch.id);
  const setCurrentUser = useSetCurrentUser();
  // A recipient title field in the NDA makes the title required; otherwise it is still shown in the certificate.
  const titleRequired = hasField(useSignatureFields(review.nda.id).data?.fields ?? [], 'recipient', 'title');
  const schema = useMemo(() => signingForm(titleRequired), [titleRequired]);
  const [missingSignature, setSignatureError] = useState<string | null>(null);
  const hasSignature = Boolean(review.me.sign);
  // Adding a signature settles the 'add your signature' message.
  const signatureError = hasSignature ? null : missingSignature;
  const form = useForm<SigningValues>({
    initialValues: { name: '', address: '', registrationNumber: '', vat: '', jobTitle: review.me.jobTitle },
    validateInputOnBlur: true,
    validate: schemaResolver(schema, { sync: true }),
  });

  const loaded = company.data;
  useEffect(() => {
    if (loaded)
      form.initialize({
        name: loaded.name,
        address: loaded.address,
        registrationNumber: loaded.registrationNumber,
        vat: loaded.vat,
        jobTitle: review.me.jobTitle,
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initialize once the company is read
  }, [loaded]);

  const [confirming, confirmModal] = useDisclosure(false);
  // Sign NDA checks the form, then asks for a last look and the consent before anything is signed.
  const submit = form.onSubmit(() => {
    if (!hasSignature) {
      setSignatureError(SIGNING_MESSAGES.addSignature);
      return;
    }
    confirmModal.open();
  });
  const signNow = async () => {
    const { jobTitle, ...company } = form.getValues();
    const edited = Boolean(loaded) && Object.keys(company).some((k) => form.isDirty(k));
    confirmModal.close();
    // Signing replaces this form: the focus then stays in the signing panel, which says what happened.
    const panel = panelOf();
    try {
      const signed = await sign.mutateAsync({
        signership: signershipId,
        jobTitle,
        consent: true,
        ...(edited ? company : {}),
      });
      requestAnimationFrame(() => {
        if (panel?.isConnected && !panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
      });
      if (edited) form.resetDirty();
      if (jobTitle !== review.me.jobTitle) setCurrentUser({ ...review.me, jobTitle });
      notifySuccess(
        signed.isSigned
          ? signed.sealPending
            ? `The NDA is signed. ${SIGNING_MESSAGES.sealPending}`
            : 'The NDA is signed. You can download the signed copy.'
          : 'You signed the NDA. It now awaits the countersignature of the sending side.',
        'Signed',
      );
    } catch (err) {
      applyFormErrors(form, err);
    }
  };

  return {
    form,
    loaded: Boolean(loaded),
    titleRequired,
    hasSignature,
    signatureError,
    submit,
    confirm: { opened: confirming, close: confirmModal.close, signNow },
    busy: sign.isPending,
    pass,
  };
}
