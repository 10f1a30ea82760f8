import { Navigate, Outlet } from 'react-router-dom';
import { sendsNdas } from '@shared/permissions';
import { useCurrentUser } from '../hooks/use-current-user';

/** Where a signer goes from a page of the sending side: the projects sent to them. */
export const SIGNER_HOME = '/projects?filter=Received';

/**
 * Pages of the sending side (templates, network, plan, reports, building and sending groups): a
 * signer, who could only meet refusals there, is taken to the projects sent to them instead.
 */
export function SendersOnly() {
  const user = useCurrentUser();
  if (!user) return null;
  if (!sendsNdas(user.role)) return <Navigate to={SIGNER_HOME} replace />;
  return <Outlet />;
}
