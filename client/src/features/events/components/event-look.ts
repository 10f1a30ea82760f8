import {
  IconArchive,
  IconBell,
  IconCalendarPlus,
  IconClockCancel,
  IconCheck,
  IconCircleX,
  IconEye,
  IconFolderPlus,
  IconMessageCircle,
  IconMessagePlus,
  IconPoint,
  IconRestore,
  IconSend,
  IconSignature,
  IconUserMinus,
  IconUserPlus,
  IconArrowBackUp,
  IconX,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import type { EventType } from '@shared/events';

const ICONS: Record<EventType, Icon> = {
  none: IconPoint,
  member_added: IconUserPlus,
  nda_sent: IconSend,
  rejected: IconX,
  new_comments_thread: IconMessagePlus,
  new_comment: IconMessageCircle,
  approved: IconCheck,
  nda_recalled: IconArrowBackUp,
  nda_restored: IconRestore,
  project_archived: IconArchive,
  project_unarchived: IconArchive,
  nda_signed: IconSignature,
  member_removed: IconUserMinus,
  new_project: IconFolderPlus,
  nda_opened: IconEye,
  recipient_added: IconUserPlus,
  recipient_removed: IconUserMinus,
  comments_thread_deleted: IconTrash,
  nda_rejected: IconCircleX,
  recipient_signed: IconSignature,
  nda_expired: IconClockCancel,
  deadline_extended: IconCalendarPlus,
  reminder_sent: IconBell,
};

const COLORS: Partial<Record<EventType, string>> = {
  nda_signed: 'teal',
  recipient_signed: 'cyan',
  approved: 'teal',
  nda_rejected: 'red',
  rejected: 'red',
  nda_recalled: 'orange',
  nda_expired: 'red',
  new_comment: 'yellow',
  new_comments_thread: 'yellow',
};

export const eventIcon = (type: EventType): Icon => ICONS[type];
export const eventColor = (type: EventType): string => COLORS[type] ?? 'navy';
