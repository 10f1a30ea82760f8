import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconActivity } from '@tabler/icons-react';
import { ActivityFeedModal } from './ActivityFeedModal';

/** A project card's way to its activity feed modal, without leaving the list. */
export function ProjectActivityButton({ project }: { project: { id: number; name: string } }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Tooltip label="Activity" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={`Activity of ${project.name}`}
          onClick={modal.open}
          data-testid="project-activity"
        >
          <IconActivity size={18} />
        </ActionIcon>
      </Tooltip>
      <ActivityFeedModal projectId={project.id} projectName={project.name} opened={opened} onClose={modal.close} />
    </>
  );
}
