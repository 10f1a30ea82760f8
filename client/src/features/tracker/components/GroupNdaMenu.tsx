import { ActionIcon, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCalendarTime,
  IconDots,
  IconEdit,
  IconEye,
  IconFileCheck,
  IconFileUpload,
  IconFileWord,
  IconRestore,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { applyTrackerChange } from '../api/tracker-live';
import { useNavigate } from 'react-router-dom';
import { canDelete, canRecall, canReplaceDocument, canRestore, canSendGroup } from '@shared/nda-lifecycle';
import { notifySuccess } from '@client/components/ui/notify';
import { trpc } from '@client/lib/trpc';
import { toastError } from '@client/lib/errors';
import { downloadNdaRedline } from '@client/features/projects';
import type { BranchDto } from '@client/lib/api-types';
import { ConfirmModal } from '@client/components/ui/ConfirmModal';
import { ReleaseDocumentModal } from '@client/features/deal-documents';
import { GroupDeadlineModal } from './GroupDeadlineModal';

/** What can be done with a group and its NDA, by the NDA lifecycle (recall, send, restore, delete). */
export function GroupNdaMenu({
  projectId,
  branch,
  canChange,
}: {
  projectId: number;
  branch: BranchDto;
  canChange: boolean;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const utils = trpc.useUtils();
  const refresh = () => {
    applyTrackerChange(client, projectId);
    return Promise.all([utils.ndas.invalidate(), utils.projects.invalidate()]);
  };
  const recall = trpc.ndas.recall.useMutation({ onSuccess: refresh });
  const restore = trpc.ndas.restore.useMutation({ onSuccess: refresh });
  const remove = trpc.ndas.delete.useMutation({ onSuccess: refresh });
  const [recallOpened, recallModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const [restoreOpened, restoreModal] = useDisclosure(false);
  const [deadlineOpened, deadlineModal] = useDisclosure(false);
  const [releaseOpened, releaseModal] = useDisclosure(false);
  const nda = branch.nda;
  const base = `/projects/${projectId}/group/${branch.id}`;
  const sendable = canSendGroup(branch);

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for group ${branch.name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {nda && (
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => navigate(`${base}/nda`)}>
              Open NDA
            </Menu.Item>
          )}
          {nda && (
            <Menu.Item
              leftSection={<IconFileWord size={16} />}
              onClick={() =>
                void downloadNdaRedline(nda).catch((err) => toastError(err, 'The redline could not be downloaded.'))
              }
            >
              Download redline (Word)
            </Menu.Item>
          )}
          {canChange && (
            <>
              {(sendable || !nda) && (
                <Menu.Item leftSection={<IconSend size={16} />} onClick={() => navigate(`${base}/review-nda`)}>
                  {nda || branch.inheritNdaFromProject ? 'Review and send NDA' : 'Add an NDA and send'}
                </Menu.Item>
              )}
              <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => navigate(`${base}/edit`)}>
                Edit recipients
              </Menu.Item>
              <Menu.Item leftSection={<IconCalendarTime size={16} />} onClick={deadlineModal.open}>
                {branch.expired ? 'Extend NDA deadline' : 'Set NDA deadline'}
              </Menu.Item>
              {nda?.isSent && (
                <Menu.Item leftSection={<IconFileCheck size={16} />} onClick={releaseModal.open}>
                  Release a document
                </Menu.Item>
              )}
              {(canRecall(nda) || canRestore(nda) || canDelete(nda)) && <Menu.Divider />}
              {canRecall(nda) && (
                <Menu.Item leftSection={<IconArrowBackUp size={16} />} color="orange" onClick={recallModal.open}>
                  Recall NDA
                </Menu.Item>
              )}
              {canRestore(nda) && (
                <Menu.Item leftSection={<IconRestore size={16} />} onClick={restoreModal.open}>
                  Restore NDA
                </Menu.Item>
              )}
              {nda?.isRecalled && canReplaceDocument(nda) && (
                <Menu.Item leftSection={<IconFileUpload size={16} />} onClick={() => navigate(`${base}/review-nda`)}>
                  Replace NDA
                </Menu.Item>
              )}
              {canDelete(nda) && (
                <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={deleteModal.open}>
                  Delete NDA
                </Menu.Item>
              )}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <GroupDeadlineModal projectId={projectId} branch={branch} opened={deadlineOpened} onClose={deadlineModal.close} />
      <ReleaseDocumentModal projectId={projectId} branch={branch} opened={releaseOpened} onClose={releaseModal.close} />
      <ConfirmModal
        opened={recallOpened}
        onClose={recallModal.close}
        title="Recall NDA"
        message="Are you sure, you want to recall group NDA?"
        confirmLabel="Recall"
        color="orange"
        loading={recall.isPending}
        onConfirm={() =>
          recall.mutate(
            { id: nda!.id },
            {
              onSuccess: () => {
                recallModal.close();
                notifySuccess(`The NDA of ${branch.name} is recalled. Its recipients can no longer open or sign it.`);
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
      <ConfirmModal
        opened={restoreOpened}
        onClose={restoreModal.close}
        title="Restore NDA"
        message={`Restore the recalled NDA of ${branch.name}? Its recipients can open, negotiate and sign it again, as before the recall.`}
        confirmLabel="Restore"
        loading={restore.isPending}
        onConfirm={() =>
          restore.mutate(
            { id: nda!.id },
            {
              onSuccess: () => {
                restoreModal.close();
                notifySuccess(`The NDA of ${branch.name} is restored.`);
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
      <ConfirmModal
        opened={deleteOpened}
        onClose={deleteModal.close}
        title="Delete NDA"
        message={`Delete the recalled NDA of ${branch.name}? Its comments go with it. You can then give the group a new NDA.`}
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { id: nda!.id },
            {
              onSuccess: () => {
                deleteModal.close();
                notifySuccess('The NDA is deleted.');
              },
              onError: (err) => void toastError(err),
            },
          )
        }
      />
    </>
  );
}
