import { createBrowserRouter, Navigate } from 'react-router-dom';
import { GuestOnly, RequireAuth, SendersOnly } from '@client/features/auth';
import { AppLayout } from '@client/features/navigation';
import { PublicLayout } from '@client/features/public';
import AccountPage from '../routes/AccountPage';
import AddProjectPage from '../routes/AddProjectPage';
import AddTemplatePage from '../routes/AddTemplatePage';
import ProjectDashboardPage from '../routes/ProjectDashboardPage';
import LookupNdaPage from '../routes/LookupNdaPage';
import ProjectNdaPage from '../routes/ProjectNdaPage';
import ProjectFilePage from '../routes/ProjectFilePage';
import RecipientsPage from '../routes/RecipientsPage';
import ReviewSendPage from '../routes/ReviewSendPage';
import ForgotPasswordPage from '../routes/ForgotPasswordPage';
import LandingPage from '../routes/LandingPage';
import LoginPage from '../routes/LoginPage';
import MemberInvitationPage from '../routes/MemberInvitationPage';
import NetworkPage from '../routes/NetworkPage';
import PasswordResetConfirmPage from '../routes/PasswordResetConfirmPage';
import PlanPage from '../routes/PlanPage';
import PrivacyPolicyPage from '../routes/PrivacyPolicyPage';
import ProjectsPage from '../routes/ProjectsPage';
import ReportsPage from '../routes/ReportsPage';
import SignerInvitationPage from '../routes/SignerInvitationPage';
import SignUpPage from '../routes/SignUpPage';
import TemplatesPage from '../routes/TemplatesPage';
import TermsPage from '../routes/TermsPage';
import UnsubscribePage from '../routes/UnsubscribePage';
import UserActivationPage from '../routes/UserActivationPage';

/** The spec's routes and access rules (section 2). */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/privacyPolicy', element: <PrivacyPolicyPage /> },
      { path: '/terms-condition', element: <TermsPage /> },
    ],
  },
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/sign-up', element: <SignUpPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
    ],
  },
  { path: '/user-activation/:key', element: <UserActivationPage /> },
  { path: '/password-reset-confirm/:userId/:token', element: <PasswordResetConfirmPage /> },
  { path: '/member_invitation/:userIdAndToken', element: <MemberInvitationPage /> },
  { path: '/signer_invitation/:userIdAndToken', element: <SignerInvitationPage /> },
  { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/home', element: <AccountPage /> },
          { path: '/account', element: <AccountPage /> },
          { path: '/projects', element: <ProjectsPage /> },
          { path: '/projects/:projectId', element: <ProjectDashboardPage /> },
          { path: '/projects/:projectId/group/:branchId', element: <ProjectDashboardPage /> },
          { path: '/projects/:projectId/lookup-nda', element: <LookupNdaPage /> },
          { path: '/projects/:projectId/nda', element: <ProjectNdaPage /> },
          { path: '/projects/:projectId/teaser', element: <ProjectFilePage key="teaser" kind="teaser" /> },
          { path: '/projects/:projectId/cim', element: <ProjectFilePage key="cim" kind="cim" /> },
          // react-pdf and konva load with the NDA review page only.
          {
            path: '/projects/:projectId/group/:branchId/nda',
            lazy: async () => ({ Component: (await import('../routes/NdaReviewPage')).default }),
          },
          {
            // The sending side's pages; a signer goes to the projects sent to them.
            element: <SendersOnly />,
            children: [
              { path: '/add-project', element: <AddProjectPage /> },
              { path: '/projects/:projectId/group/create', element: <RecipientsPage /> },
              { path: '/projects/:projectId/group/:branchId/edit', element: <RecipientsPage /> },
              { path: '/projects/:projectId/group/:branchId/review-nda', element: <ReviewSendPage /> },
              { path: '/projects/:projectId/group/:branchId/members', element: <NetworkPage /> },
              // The clause view reuses the negotiation feature (react-pdf, konva): it loads on demand as the NDA page does.
              {
                path: '/projects/:projectId/negotiation',
                lazy: async () => ({ Component: (await import('../routes/NegotiationOverviewPage')).default }),
              },
              { path: '/templates', element: <TemplatesPage /> },
              { path: '/templates/create', element: <AddTemplatePage /> },
              { path: '/users', element: <NetworkPage /> },
              { path: '/plan', element: <PlanPage /> },
              { path: '/reports', element: <ReportsPage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to="/projects" replace /> },
]);
