/**
 * Every page of the product, as data: its path and who may open it (spec section 2). The router
 * (router.tsx) is built from this table and must give each entry its page, so a route cannot exist
 * without being listed here; the accessibility test visits every entry in every role. It imports
 * nothing, so tests can read it without the browser bundle.
 *
 * - public: the landing and legal pages, in the public frame, for everyone;
 * - guest: sign-in and sign-up pages, which a signed-in user is sent away from;
 * - link: the pages opened from an e-mail's link, without a frame;
 * - member: the signed-in pages, in the app frame;
 * - sender: the signed-in pages of the sending side (a signer is sent to their projects).
 */
export type RouteAccess = 'public' | 'guest' | 'link' | 'member' | 'sender';

export interface AppRoute {
  id: string;
  path: string;
  access: RouteAccess;
}

export const ROUTES = [
  { id: 'landing', path: '/', access: 'public' },
  { id: 'privacyPolicy', path: '/privacyPolicy', access: 'public' },
  { id: 'terms', path: '/terms-condition', access: 'public' },
  { id: 'verify', path: '/verify', access: 'public' },

  { id: 'login', path: '/login', access: 'guest' },
  { id: 'signUp', path: '/sign-up', access: 'guest' },
  { id: 'forgotPassword', path: '/forgot-password', access: 'guest' },

  { id: 'userActivation', path: '/user-activation/:key', access: 'link' },
  { id: 'passwordResetConfirm', path: '/password-reset-confirm/:userId/:token', access: 'link' },
  { id: 'memberInvitation', path: '/member_invitation/:userIdAndToken', access: 'link' },
  { id: 'signerInvitation', path: '/signer_invitation/:userIdAndToken', access: 'link' },
  { id: 'unsubscribe', path: '/unsubscribe/:token', access: 'link' },

  { id: 'home', path: '/home', access: 'member' },
  { id: 'account', path: '/account', access: 'member' },
  { id: 'projects', path: '/projects', access: 'member' },
  { id: 'projectDashboard', path: '/projects/:projectId', access: 'member' },
  { id: 'groupDashboard', path: '/projects/:projectId/group/:branchId', access: 'member' },
  { id: 'lookupNda', path: '/projects/:projectId/lookup-nda', access: 'member' },
  { id: 'projectNda', path: '/projects/:projectId/nda', access: 'member' },
  { id: 'teaser', path: '/projects/:projectId/teaser', access: 'member' },
  { id: 'cim', path: '/projects/:projectId/cim', access: 'member' },
  { id: 'ndaReview', path: '/projects/:projectId/group/:branchId/nda', access: 'member' },

  { id: 'addProject', path: '/add-project', access: 'sender' },
  { id: 'projectNdaFields', path: '/projects/:projectId/nda/fields', access: 'sender' },
  { id: 'createGroup', path: '/projects/:projectId/group/create', access: 'sender' },
  { id: 'editGroup', path: '/projects/:projectId/group/:branchId/edit', access: 'sender' },
  { id: 'reviewSend', path: '/projects/:projectId/group/:branchId/review-nda', access: 'sender' },
  { id: 'groupMembers', path: '/projects/:projectId/group/:branchId/members', access: 'sender' },
  { id: 'negotiation', path: '/projects/:projectId/negotiation', access: 'sender' },
  { id: 'templates', path: '/templates', access: 'sender' },
  { id: 'createTemplate', path: '/templates/create', access: 'sender' },
  { id: 'templateFields', path: '/templates/:templateId/fields', access: 'sender' },
  { id: 'templatePlaybook', path: '/templates/:templateId/playbook', access: 'sender' },
  { id: 'users', path: '/users', access: 'sender' },
  { id: 'plan', path: '/plan', access: 'sender' },
  // The built-in provider's hosted pages (with Stripe, Stripe hosts them).
  { id: 'checkout', path: '/checkout/:token', access: 'sender' },
  { id: 'invoice', path: '/invoices/:id', access: 'sender' },
  { id: 'reports', path: '/reports', access: 'sender' },
  { id: 'dashboard', path: '/dashboard', access: 'sender' },
] as const satisfies readonly AppRoute[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** Where any other address goes. */
export const FALLBACK_PATH = '/projects';
