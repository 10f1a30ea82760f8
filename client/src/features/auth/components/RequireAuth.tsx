import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../hooks/use-session';
import { type ReturnState, storeSignerLink, withoutSignerParam } from '../api/return-to';

/**
 * Private routes. A signer invitation link (?signer=<uid>:<token>) goes to signer registration and
 * the page it pointed at is kept for after sign-in; visitors without a session go to /login and
 * come back here after signing in.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const signer = new URLSearchParams(location.search).get('signer');
  if (signer) {
    storeSignerLink(withoutSignerParam(location));
    const value = signer.split(':').map(encodeURIComponent).join(':');
    return <Navigate to={`/signer_invitation/${value}`} replace />;
  }
  if (!session) {
    const state: ReturnState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
