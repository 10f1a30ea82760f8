import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type NonIndexRouteObject, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth, SendersOnly } from '@client/features/auth/first-load';
import { PublicLayout } from '@client/features/public';
import { FALLBACK_PATH, ROUTES, type RouteAccess, type RouteId } from './routes';

type Page = Omit<NonIndexRouteObject, 'path' | 'children' | 'index'>;

/**
 * A page whose code loads when it is first opened: the landing page and the sign-in pages load only
 * what they show (no PDF viewer, pointer layer or charts), and each signed-in page brings its own.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Page {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function filePage(kind: 'teaser' | 'cim'): Page {
  return {
    lazy: async () => {
      const { default: ProjectFilePage } = await import('../routes/ProjectFilePage');
      return { element: <ProjectFilePage key={kind} kind={kind} /> };
    },
  };
}

/** Each route of the table (routes.ts) and its page: a route missing here does not compile. */
const pages: Record<RouteId, Page> = {
  // The landing page and its carousel load in a chunk of their own, apart from the PDF and chart code.
  landing: lazyPage(() => import('../routes/LandingPage')),
  privacyPolicy: lazyPage(() => import('../routes/PrivacyPolicyPage')),
  terms: lazyPage(() => import('../routes/TermsPage')),
  verify: lazyPage(() => import('../routes/VerifyPage')),
  login: lazyPage(() => import('../routes/LoginPage')),
  signUp: lazyPage(() => import('../routes/SignUpPage')),
  forgotPassword: lazyPage(() => import('../routes/ForgotPasswordPage')),
  userActivation: lazyPage(() => import('../routes/UserActivationPage')),
  passwordResetConfirm: lazyPage(() => import('../routes/PasswordResetConfirmPage')),
  memberInvitation: lazyPage(() => import('../routes/MemberInvitationPage')),
  signerInvitation: lazyPage(() => import('../routes/SignerInvitationPage')),
  unsubscribe: lazyPage(() => import('../routes/UnsubscribePage')),
  home: lazyPage(() => import('../routes/AccountPage')),
  account: lazyPage(() => import('../routes/AccountPage')),
  projects: lazyPage(() => import('../routes/ProjectsPage')),
  projectDashboard: lazyPage(() => import('../routes/ProjectDashboardPage')),
  groupDashboard: lazyPage(() => import('../routes/ProjectDashboardPage')),
  lookupNda: lazyPage(() => import('../routes/LookupNdaPage')),
  projectNda: lazyPage(() => import('../routes/ProjectNdaPage')),
  teaser: filePage('teaser'),
  cim: filePage('cim'),
  // react-pdf and konva load with the NDA review page and the clause view only.
  ndaReview: lazyPage(() => import('../routes/NdaReviewPage')),
  addProject: lazyPage(() => import('../routes/AddProjectPage')),
  projectNdaFields: lazyPage(() => import('../routes/ProjectNdaFieldsPage')),
  createGroup: lazyPage(() => import('../routes/RecipientsPage')),
  editGroup: lazyPage(() => import('../routes/RecipientsPage')),
  reviewSend: lazyPage(() => import('../routes/ReviewSendPage')),
  groupMembers: lazyPage(() => import('../routes/NetworkPage')),
  negotiation: lazyPage(() => import('../routes/NegotiationOverviewPage')),
  templates: lazyPage(() => import('../routes/TemplatesPage')),
  createTemplate: lazyPage(() => import('../routes/AddTemplatePage')),
  templateFields: lazyPage(() => import('../routes/TemplateFieldsPage')),
  templatePlaybook: lazyPage(() => import('../routes/TemplatePlaybookPage')),
  users: lazyPage(() => import('../routes/NetworkPage')),
  plan: lazyPage(() => import('../routes/PlanPage')),
  checkout: lazyPage(() => import('../routes/CheckoutPage')),
  invoice: lazyPage(() => import('../routes/InvoicePage')),
  // The charts (recharts) load with the reports pages only.
  reports: lazyPage(() => import('../routes/ReportsPage')),
  dashboard: lazyPage(() => import('../routes/AnalyticsPage')),
};

function routesFor(access: RouteAccess): RouteObject[] {
  return ROUTES.filter((route) => route.access === access).map((route) => ({ path: route.path, ...pages[route.id] }));
}

/** The spec's routes and access rules (section 2), from the route table. */
export const router = createBrowserRouter([
  { element: <PublicLayout />, children: routesFor('public') },
  { element: <GuestOnly />, children: routesFor('guest') },
  ...routesFor('link'),
  {
    element: <RequireAuth />,
    children: [
      {
        // The signed-in frame (navigation, live updates) loads with the first signed-in page.
        lazy: async () => ({ Component: (await import('@client/features/navigation')).AppLayout }),
        children: [
          ...routesFor('member'),
          // The sending side's pages; a signer goes to the projects sent to them.
          { element: <SendersOnly />, children: routesFor('sender') },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={FALLBACK_PATH} replace /> },
]);
