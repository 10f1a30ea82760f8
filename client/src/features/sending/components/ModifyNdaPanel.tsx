import { Alert, Badge, Button, FileButton, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconEye, IconFileCertificate, IconTemplate, IconUpload } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { canReplaceDocument } from '@shared/nda-lifecycle';
import { MAX_NDA_NAME } from '@shared/schemas/ndas';
import { notifyError, notifySuccess } from '@client/components/ui/notify';
import { errorMessageOf } from '@client/lib/errors';
import { fetchNdaPdf, type NdaSource, useCreateNda, useEditNda } from '@client/features/projects';
import type { NdaDto } from '@client/lib/api-types';
import { PdfViewerModal } from '@client/components/ui/PdfViewerModal';
import { UploadProgress } from '@client/components/ui/UploadProgress';
import { documentFileProblem } from '@shared/schemas/documents';
import { needsConversion } from '@client/lib/document-file';
import { TemplateChooserModal } from '@client/features/templates';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { trpc } from '@client/lib/trpc';

interface ModifyNdaPanelProps {
  branchId: number;
  /** The group's own NDA (its copy of the project NDA, or one of its own). */
  groupNda: NdaDto | null;
  /** The project NDA, which a group that inherits it receives when it has no copy yet. */
  projectNda: NdaDto | null;
  inherits: boolean;
}

/** 'Modify Your NDA': view the NDA this group receives, or replace it with a template or a file. */
export function ModifyNdaPanel({ branchId, groupNda, projectNda, inherits }: ModifyNdaPanelProps) {
  const shown = groupNda ?? (inherits ? projectNda : null);
  const [viewerOpened, viewer] = useDisclosure(false);
  const [chooserOpened, chooser] = useDisclosure(false);
  const [uploading, setUploading] = useState<File | null>(null);
  // A recalled NDA given a new document becomes a new NDA for the group: asked first, since its threads go.
  const [confirming, setConfirming] = useState<{ source: NdaSource; name: string } | null>(null);
  const utils = trpc.useUtils();
  const edit = useEditNda();
  const create = useCreateNda();
  const pending = edit.isPending || create.isPending;
  const editable = groupNda ? canReplaceDocument(groupNda) : true;
  // Spec 4: a document is uploaded only while no recipient holds the NDA; a sent one is recalled first.
  const lockedReason = editable
    ? null
    : groupNda?.isSigned
      ? 'The NDA is signed: its document can no longer be replaced.'
      : 'The NDA has been sent: recall it before replacing it.';
  const load = useCallback((signal: AbortSignal) => fetchNdaPdf(shown!, signal), [shown]);

  const replaceNow = async (source: NdaSource, name: string) => {
    try {
      if (groupNda) await edit.mutateAsync({ id: groupNda.id, source });
      else await create.mutateAsync({ target: { projectBranch: branchId }, name: name.slice(0, MAX_NDA_NAME), source });
      // The group now holds another NDA (a new one after a recall): its page and the tracker read it again.
      await Promise.all([utils.groups.invalidate(), utils.projects.invalidate()]);
      notifySuccess(
        groupNda?.isRecalled
          ? 'The group has a new NDA. Review it and send it when ready.'
          : 'The NDA of this group is replaced.',
      );
    } catch (err) {
      notifyError(errorMessageOf(err));
    } finally {
      setUploading(null);
    }
  };
  const replace = async (source: NdaSource, name: string) => {
    if (groupNda?.isRecalled) setConfirming({ source, name });
    else await replaceNow(source, name);
  };
  const confirmReplace = async () => {
    if (!confirming) return;
    if (confirming.source.kind === 'file') setUploading(confirming.source.file);
    await replaceNow(confirming.source, confirming.name);
    setConfirming(null);
  };

  const upload = (file: File | null) => {
    if (!file) return;
    const problem = documentFileProblem(file);
    if (problem) {
      notifyError(problem);
      return;
    }
    if (!groupNda?.isRecalled) setUploading(file);
    void replace({ kind: 'file', file }, shown?.name ?? file.name.replace(/\.[^.]+$/, ''));
  };

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="md">
            <IconFileCertificate size={20} />
          </ThemeIcon>
          <Title order={2} fz="md">
            Modify Your NDA
          </Title>
        </Group>
        {shown ? (
          <Paper bg="gray.0" radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} fz="sm" truncate data-testid="review-nda-name">
                  {shown.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {shown.pageCount} {shown.pageCount === 1 ? 'page' : 'pages'} ·{' '}
                  {groupNda ? 'this group’s copy' : 'the project NDA'}
                </Text>
              </Stack>
              {groupNda?.isSent && (
                <Badge variant="light" color={groupNda.isRecalled ? 'orange' : 'navy'}>
                  {groupNda.isRecalled ? 'Recalled' : 'Sent'}
                </Badge>
              )}
            </Group>
          </Paper>
        ) : (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            This group has no NDA yet. Choose one of your templates or upload a file.
          </Alert>
        )}
        {pending && uploading && <UploadProgress files={[uploading]} converting={needsConversion(uploading)} />}
        <Stack gap="xs">
          <Button
            variant="default"
            leftSection={<IconEye size={16} />}
            onClick={viewer.open}
            disabled={!shown || pending}
          >
            View NDA
          </Button>
          <Button
            variant="default"
            leftSection={<IconTemplate size={16} />}
            onClick={chooser.open}
            disabled={!editable || pending}
            aria-describedby={lockedReason ? 'nda-locked-reason' : undefined}
          >
            Choose from templates
          </Button>
          <FileButton onChange={upload} accept=".pdf,.doc,.docx,.odt" disabled={!editable || pending}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} />}
                loading={pending && !!uploading}
                // FileButton disables only its hidden input: the button itself says it cannot be used, and why.
                disabled={!editable || pending}
                aria-describedby={lockedReason ? 'nda-locked-reason' : undefined}
              >
                Upload a file
              </Button>
            )}
          </FileButton>
          {lockedReason && (
            <Text fz="xs" c="dimmed" id="nda-locked-reason" data-testid="nda-locked-reason">
              {lockedReason}
            </Text>
          )}
          {groupNda?.isRecalled && editable && (
            <Text fz="xs" c="dimmed" data-testid="recalled-replace-hint">
              This NDA is recalled. Upload a file or choose a template to give the group a new NDA to send, or restore
              this one from the project tracker.
            </Text>
          )}
        </Stack>
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Give the group a new NDA"
        message="The recalled NDA and its comment threads are replaced by this document, a new NDA that you then send to the group. Recipients who passed on the recalled NDA are asked again."
        confirmLabel="Replace NDA"
        color="orange"
        loading={pending}
        onConfirm={() => void confirmReplace()}
      />
      {shown && <PdfViewerModal opened={viewerOpened} onClose={viewer.close} title={shown.name} load={load} />}
      <TemplateChooserModal
        opened={chooserOpened}
        onClose={chooser.close}
        selectedId={groupNda?.template ?? null}
        onChoose={(t) => void replace({ kind: 'template', template: t.id }, shown?.name ?? t.name)}
      />
    </Paper>
  );
}
