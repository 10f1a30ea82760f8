import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '@client/lib/router-types';
import { ProjectsUnreadBadge } from '@client/features/events';
import { navItemsFor } from '../nav-items';
import classes from './NavLinks.module.css';

/** The main sections; the current one is marked for sighted and screen-reader users alike. */
export function NavLinks({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <>
      {navItemsFor(user.role).map(({ label, to, icon: Icon, alsoActiveOn }) => {
        const active = [to, ...(alsoActiveOn ?? [])].some(
          (path) => pathname === path || pathname.startsWith(`${path}/`),
        );
        return (
          <Link
            key={to}
            to={to}
            className={classes.link}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <Icon size={18} stroke={1.7} aria-hidden="true" />
            {label}
            {to === '/projects' && <ProjectsUnreadBadge />}
          </Link>
        );
      })}
    </>
  );
}
