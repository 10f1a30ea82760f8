import { Avatar, type AvatarProps } from '@mantine/core';
import { useBlobUrl } from '@client/lib/blob-url';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  user: { firstName: string; lastName: string; email: string; avatar: string | null };
}

export function initialsOf(user: UserAvatarProps['user']): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (initials || user.email.charAt(0)).toUpperCase();
}

/**
 * The user's photo, or their initials when there is none (or it cannot be loaded). The photo URL is
 * authenticated, so it is fetched with the session's token rather than by the <img> itself.
 */
export function UserAvatar({ user, ...props }: UserAvatarProps) {
  const { src } = useBlobUrl(user.avatar);
  return (
    <Avatar
      src={src}
      color="navy"
      variant="filled"
      radius="xl"
      alt={`${user.firstName} ${user.lastName}`.trim() || user.email}
      {...props}
    >
      {initialsOf(user)}
    </Avatar>
  );
}
