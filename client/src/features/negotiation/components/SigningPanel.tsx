import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconFileUpload,
  IconInfoCircle,
  IconSend,
  IconSignature,
} from '@tabler/icons-react';
import { forwardRef, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { awaitsCountersignature, canResend } from '@shared/nda-lifecycle';
import { openThreads } from '@shared/negotiation';
import { MAX_JOB_TITLE } from '@shared/schemas/fields';
import { hasField } from '@shared/schemas/signature-fields';
import { MAX_PASS_REASON, passInput, signingForm } from '@shared/schemas/signing';
import { disclosingPartyLine, openThreadsMessage, SIGNING_MESSAGES } from '@shared/signing';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { applyFormErrors, errorMessageOf } from '@client/lib/errors';
import type { NdaReview } from '../hooks/use-nda-review';
import { useSetCurrentUser } from '@client/features/auth';
import { SignatureImage, SignatureModal } from '@client/features/signature';
import { ndaBadge } from '@client/features/tracker';
import { downloadNdaPdf } from '@client/features/projects';
import { useSignatureFields } from '../api/signature-fields';
import { useSignerCompany, useSigningActions } from '../api/signing';
import { statusLabel } from '../status-labels';
import { CountersignNotice } from './CountersignNotice';
import { ExpiredNotice } from './ExpiredNotice';
import { SignConfirmModal } from './SignConfirmModal';
import { SigningPreview } from './SigningPreview';
import type { Thread } from '../types';

const PASS_QUESTION = 'Are you sure you want to pass on this opportunity ?';

interface SigningPanelProps {
  review: NdaReview;
  highlight: boolean;
  /** The NDA's threads (undefined while loading): signing waits until each is settled. */
  threads: Thread[] | undefined;
  numbers: Map<number, number>;
  onOpenThread: (thread: Thread) => void;
}

/**
 * The right panel's signing part. A signer of the group fills in their company and title, checks their saved
 * signature (or adds one) and signs, or passes on the opportunity; the project's team sees where the
 * group stands. Both see the threads still open, which signing waits for, and can preview the final
 * document as it will be signed. Once signed, both download the signed PDF.
 */
export const SigningPanel = forwardRef<HTMLDivElement, SigningPanelProps>(function SigningPanel(
  { review, highlight, threads, numbers, onOpenThread },
  ref,
) {
  const { nda, signership, branch } = review;
  const open = threads ? openThreads(threads) : [];
  const agreed = threads?.filter((t) => t.negotiationStatus === 'approved_by_both_parties').length ?? 0;
  const negotiating = nda.isSent && !nda.isSigned && !nda.isRecalled && !review.passed;
  // The group's one status, worded as the page's header and the tracker word it.
  const badge = review.branch.expired ? { label: 'Expired', color: 'red' } : ndaBadge(nda, review.passed);

  return (
    <Paper
      ref={ref}
      withBorder
      shadow="xs"
      p="lg"
      data-testid="signing-panel"
      component="section"
      aria-labelledby="signing-title"
      // The header's Sign button brings the focus here; it comes back here when what held it goes away.
      tabIndex={-1}
      data-focus-return=""
      data-highlight={highlight || undefined}
      style={highlight ? { outline: '2px solid var(--mantine-color-navy-4)', outlineOffset: 2 } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="signing-title">
            Signing
          </Title>
          <Badge color={badge.color} variant="light" size="lg" tt="none" data-testid="signing-status">
            {badge.label}
          </Badge>
        </Group>
        {negotiating && open.length > 0 && <OpenThreads threads={open} numbers={numbers} onOpenThread={onOpenThread} />}
        {!nda.isSigned && !nda.isRecalled && !review.passed && !awaitsCountersignature(nda) && (
          <SigningPreview nda={nda} />
        )}
        {nda.isSigned ? (
          <SignedNotice review={review} />
        ) : awaitsCountersignature(nda) ? (
          <CountersignNotice review={review} agreed={agreed} />
        ) : nda.isRecalled ? (
          <Stack gap="sm">
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
              {SIGNING_MESSAGES.recalled}
            </Alert>
            {canManage(review) && (
              <Button
                variant="light"
                component={Link}
                to={`/projects/${review.project.id}/group/${review.branch.id}/review-nda`}
                leftSection={<IconFileUpload size={18} />}
              >
                Replace NDA
              </Button>
            )}
          </Stack>
        ) : review.passed ? (
          <PassedNotice review={review} />
        ) : review.branch.expired ? (
          <ExpiredNotice review={review} />
        ) : canResend(nda) ? (
          <NotSentNotice review={review} />
        ) : review.canSign && signership ? (
          <SignerForm review={review} signershipId={signership.id} agreed={agreed} />
        ) : (
          <Text fz="sm" c="dimmed">
            Waiting for {branch.name} to sign.
          </Text>
        )}
      </Stack>
    </Paper>
  );
});

/** The threads signing waits for, each a button that opens it and its page. */
function OpenThreads({
  threads,
  numbers,
  onOpenThread,
}: {
  threads: Thread[];
  numbers: Map<number, number>;
  onOpenThread: (thread: Thread) => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={threads.length === 1 ? '1 open thread' : `${threads.length} open threads`}
      data-testid="open-threads"
    >
      <Stack gap={6}>
        <Text fz="sm">{openThreadsMessage(threads.length)}</Text>
        {threads.map((thread) => {
          const page = thread.pointers[0]?.page;
          return (
            <Button
              key={thread.id}
              variant="subtle"
              color="dark"
              size="compact-sm"
              justify="flex-start"
              fullWidth
              onClick={() => onOpenThread(thread)}
              data-testid="open-thread"
              data-thread={thread.id}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              h="auto"
              py={4}
            >
              #{numbers.get(thread.id) ?? '?'}
              {page ? ` · page ${page}` : ''} · {statusLabel(thread.negotiationStatus).label}:{' '}
              {thread.text.length > 60 ? `${thread.text.slice(0, 60)}…` : thread.text}
            </Button>
          );
        })}
      </Stack>
    </Alert>
  );
}

/**
 * The group passed on the opportunity: the signer who passed reads it with their reason, a co-recipient
 * that their group passed, the sending team who passed and why.
 */
function PassedNotice({ review }: { review: NdaReview }) {
  const mine = review.signership;
  if (mine)
    return (
      <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} data-testid="passed-notice">
        <Stack gap={4}>
          <Text fz="sm">{mine.rejected ? SIGNING_MESSAGES.passed : SIGNING_MESSAGES.groupPassed}</Text>
          {mine.rejectionReason && <Reason text={mine.rejectionReason} />}
        </Stack>
      </Alert>
    );
  const passed = review.branch.signerships.filter((s) => s.rejected);
  return (
    <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} data-testid="passed-notice">
      <Stack gap="xs">
        {passed.map((s) => (
          <Stack key={s.id} gap={4}>
            <Text fz="sm">
              {`${s.signer.firstName} ${s.signer.lastName}`.trim() || s.signer.email} passed on this opportunity.
            </Text>
            {s.rejectionReason && <Reason text={s.rejectionReason} />}
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

function Reason({ text }: { text: string }) {
  return (
    <Text fz="sm" c="dark" style={{ whiteSpace: 'pre-wrap' }} data-testid="pass-reason">
      Reason: {text}
    </Text>
  );
}

/** The project's team may send, replace or restore the group's NDA. */
const canManage = (review: NdaReview): boolean => review.side === 'sender' && review.flags.canChangeProject === true;

/** An NDA not sent yet (a new one, or one given a new document after a recall): the sending team sends it. */
function NotSentNotice({ review }: { review: NdaReview }) {
  return (
    <Stack gap="sm" data-testid="not-sent-notice">
      <Text fz="sm" c="dimmed">
        This NDA has not been sent to {review.branch.name} yet.
      </Text>
      {canManage(review) && (
        <Button
          component={Link}
          to={`/projects/${review.project.id}/group/${review.branch.id}/review-nda`}
          leftSection={<IconSend size={18} />}
        >
          Review and send
        </Button>
      )}
    </Stack>
  );
}

function SignedNotice({ review }: { review: NdaReview }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadNdaPdf(review.nda, { project: review.project.name, group: review.branch.name });
    } catch (err) {
      notifyError(errorMessageOf(err, 'The signed PDF could not be downloaded.'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCircleCheck
          size={20}
          color="var(--mantine-color-green-7)"
          aria-hidden
          style={{ flex: 'none', marginTop: 1 }}
        />
        <Text fz="sm" c="dimmed">
          The NDA is signed by both parties. The signed copy carries both signatures and a certificate page.
        </Text>
      </Group>
      <Button leftSection={<IconDownload size={18} />} onClick={() => void download()} loading={downloading}>
        Download signed PDF
      </Button>
    </Stack>
  );
}

interface SigningValues {
  name: string;
  address: string;
  registrationNumber: string;
  vat: string;
  jobTitle: string;
}

function SignerForm({ review, signershipId, agreed }: { review: NdaReview; signershipId: number; agreed: number }) {
  const { company, update } = useSignerCompany();
  const { sign, pass } = useSigningActions(review.nda.id, review.branch.id);
  const setCurrentUser = useSetCurrentUser();
  // A recipient title field in the NDA makes the title required; otherwise it is still shown in the certificate.
  const titleRequired = hasField(useSignatureFields(review.nda.id).data?.fields ?? [], 'recipient', 'title');
  const schema = useMemo(() => signingForm(titleRequired), [titleRequired]);
  const [signatureOpened, signatureModal] = useDisclosure(false);
  const [passOpened, passModal] = useDisclosure(false);
  const passForm = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: schemaResolver(passInput, { sync: true }),
  });
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
    confirmModal.close();
    try {
      if (loaded && Object.keys(company).some((k) => form.isDirty(k))) {
        await update.mutateAsync({ id: loaded.id, ...company });
        form.resetDirty();
      }
      // The title goes with the signature; the server saves it on the profile too.
      const signed = await sign.mutateAsync({ signership: signershipId, jobTitle, consent: true });
      if (jobTitle !== review.me.jobTitle) setCurrentUser({ ...review.me, jobTitle });
      notifySuccess(
        signed.isSigned
          ? 'The NDA is signed. You can download the signed copy.'
          : 'You signed the NDA. It now awaits the countersignature of the sending side.',
        'Signed',
      );
    } catch (err) {
      applyFormErrors(form, err);
    }
  };

  const confirmPass = async () => {
    if (passForm.validate().hasErrors) return;
    try {
      await pass.mutateAsync({ signership: signershipId, reason: passForm.getValues().reason.trim() || null });
      passModal.close();
      notifySuccess(SIGNING_MESSAGES.passed);
    } catch (err) {
      applyFormErrors(passForm, err);
    }
  };

  const busy = update.isPending || sign.isPending;
  return (
    // A signature added in its dialog replaces the button that opened it: the focus goes on to Sign NDA.
    <form onSubmit={submit} noValidate aria-label="Signing form" data-focus-return="[type=submit]">
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
            titleRequired ? 'The NDA has a place for it where you sign.' : 'Optional. Shown on the certificate.'
          }
          placeholder="For example, General Counsel"
          required={titleRequired}
          maxLength={MAX_JOB_TITLE}
          autoComplete="organization-title"
          disabled={!loaded}
          {...form.getInputProps('jobTitle')}
        />
        <Stack gap={6}>
          <Text fz="sm" fw={500}>
            Your signature
          </Text>
          {hasSignature ? (
            <SignatureImage url={review.me.sign} height={90} alt="Your saved signature" />
          ) : (
            <Button
              variant="light"
              color={signatureError ? 'red' : 'navy'}
              leftSection={<IconSignature size={18} />}
              onClick={signatureModal.open}
            >
              {SIGNING_MESSAGES.addSignature}
            </Button>
          )}
          {signatureError && (
            <Text c="red.8" fz="sm" role="alert">
              {signatureError}
            </Text>
          )}
        </Stack>
        <Group grow gap="sm" mt={4} data-testid="signing-actions">
          <Button variant="default" color="red" onClick={passModal.open} disabled={busy}>
            Pass
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconSignature size={18} />}>
            Sign NDA
          </Button>
        </Group>
      </Stack>
      <SignConfirmModal
        opened={confirming}
        onClose={confirmModal.close}
        onConfirm={() => void signNow()}
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
        description="A saved signature is stamped on the NDA when you sign it."
      />
      <ConfirmModal
        opened={passOpened}
        onClose={passModal.close}
        title="Pass on this opportunity"
        color="red"
        confirmLabel="Yes, pass"
        loading={pass.isPending}
        onConfirm={() => void confirmPass()}
        message={
          <Stack gap="sm">
            <Text fz="sm">{PASS_QUESTION}</Text>
            <Textarea
              label="Reason (optional)"
              description="The sending team reads it with your answer. It closes the negotiation for your group."
              autosize
              minRows={3}
              maxRows={8}
              maxLength={MAX_PASS_REASON}
              {...passForm.getInputProps('reason')}
            />
          </Stack>
        }
      />
    </form>
  );
}
