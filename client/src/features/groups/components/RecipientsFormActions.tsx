import { Button, Group, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { BranchDto } from '@client/lib/api-types';
import type { RecipientsAction } from '../hooks/use-recipients-submit';

/**
 * The recipients page's buttons: Cancel (Back to the project once the group exists), and Update when
 * editing, else Send and Review and Send.
 */
export function RecipientsFormActions({
  projectId,
  editing,
  pending,
  created,
  noProjectNda,
  onRun,
  onOpenSend,
}: {
  projectId: number;
  editing: boolean;
  pending: RecipientsAction | null;
  created: BranchDto | null;
  noProjectNda: boolean;
  onRun: (action: RecipientsAction) => void;
  onOpenSend: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between" mt="xl" gap="sm">
      <Button
        variant="default"
        onClick={() => navigate(created ? `/projects/${projectId}/group/${created.id}` : `/projects/${projectId}`)}
        disabled={pending !== null}
      >
        {created ? 'Back to the project' : 'Cancel'}
      </Button>
      {editing ? (
        <Button type="submit" loading={pending === 'update'}>
          Update
        </Button>
      ) : (
        <Group gap="sm">
          <Tooltip label="The project has no NDA to send yet" disabled={!noProjectNda}>
            <Button
              variant="light"
              onClick={() => (created ? onOpenSend() : onRun('send'))}
              loading={pending === 'send'}
              disabled={pending === 'review' || noProjectNda}
            >
              Send
            </Button>
          </Tooltip>
          <Button
            onClick={() =>
              created ? navigate(`/projects/${projectId}/group/${created.id}/review-nda`) : onRun('review')
            }
            loading={pending === 'review'}
            disabled={pending === 'send'}
          >
            Review and Send
          </Button>
        </Group>
      )}
    </Group>
  );
}
