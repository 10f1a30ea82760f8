import type { UserRow } from '../db/schema.js';
import { userImageUrl } from './user.js';

/** The spec's team member, plus whether they have registered yet. */
export interface MemberDto {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  projectsCount: number;
  isActive: boolean;
}

export function presentMember(
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'avatarKey' | 'isActive'>,
  projectsCount: number,
): MemberDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: userImageUrl(user.id, 'avatar', user.avatarKey),
    projectsCount,
    isActive: user.isActive,
  };
}
