import { renderMail } from './layout.js';

/** The e-mail an approver gets when a team member's proposal waits for approval (the team's own, never a bidder's). */
export interface ProposalHeldMail {
  appUrl: string;
  approverFirstName: string;
  authorName: string;
  projectName: string;
  groupName: string;
  projectId: number;
  branchId: number;
  threadId: number;
  proposal: string;
}

export function proposalHeldMail(m: ProposalHeldMail) {
  return renderMail({
    subject: `A proposal in ${m.projectName} is awaiting your approval`,
    greeting: `Hello ${m.approverFirstName || 'there'},`,
    paragraphs: [
      `${m.authorName} proposed new wording to ${m.groupName} in ${m.projectName}. It is held until you release or discard it; the bidder sees nothing until then.`,
      `Proposed wording: ${m.proposal}`,
    ],
    action: {
      label: 'Review the proposal',
      url: `${m.appUrl}/projects/${m.projectId}/group/${m.branchId}/nda?thread=${m.threadId}`,
    },
  });
}
