/** A member's full name, or their e-mail while they have not registered. */
export function memberName(member: { firstName: string; lastName: string; email: string }): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}
