import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../hooks/use-session';

/**
 * Sign in, sign up and forgot password are for visitors: someone who arrives signed in goes to the
 * projects. Only the session found on arrival counts, so signing in on /login leaves the choice of
 * destination to the login form.
 */
export function GuestOnly() {
  const session = useSession();
  const [signedInOnArrival] = useState(session !== null);
  if (signedInOnArrival) return <Navigate to="/projects" replace />;
  return <Outlet />;
}
