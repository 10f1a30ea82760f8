/** The app's own pages that both sides link to: e-mails and the server's answers name them too. */

/** The page of a group's NDA, where its recipients review, negotiate and sign it. */
export function ndaPagePath(projectId: number, branchId: number): string {
  return `/projects/${projectId}/group/${branchId}/nda`;
}

/** Where a signed-in user goes when no page asked for them: the account page. */
export const ACCOUNT_PATH = '/account';
