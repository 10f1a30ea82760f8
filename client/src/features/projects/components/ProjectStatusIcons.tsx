import { Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCircleX, IconInbox, IconMessageCircle, IconSend, IconSignature, type Icon } from '@tabler/icons-react';
import type { ProjectStatusDto } from '@client/lib/api-types';

const ICONS: Array<{ key: keyof ProjectStatusDto; label: string; icon: Icon; color: string }> = [
  { key: 'received', label: 'Received: you are a recipient', icon: IconInbox, color: 'grape' },
  { key: 'ndaSent', label: 'NDA sent', icon: IconSend, color: 'navy' },
  { key: 'comment', label: 'Comments on the NDA', icon: IconMessageCircle, color: 'yellow' },
  { key: 'ndaSigned', label: 'NDA signed', icon: IconSignature, color: 'teal' },
  { key: 'refused', label: 'A recipient passed on the opportunity', icon: IconCircleX, color: 'red' },
];

/** The spec's status icons of a project (comment, received, refused, nda_sent, nda_signed): the ones that apply. */
export function ProjectStatusIcons({ status }: { status: ProjectStatusDto }) {
  const shown = ICONS.filter((i) => status[i.key]);
  if (!shown.length) return null;
  return (
    <Group gap={6} wrap="nowrap" aria-label="Project status">
      {shown.map(({ key, label, icon: Icon, color }) => (
        <Tooltip key={key} label={label} withArrow>
          <ThemeIcon
            variant="light"
            color={color}
            size={28}
            radius="xl"
            role="img"
            aria-label={label}
            data-status={key}
          >
            <Icon size={16} stroke={1.8} />
          </ThemeIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
