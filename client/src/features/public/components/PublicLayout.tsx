import { Outlet } from 'react-router-dom';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Landing and legal pages: open to everyone, signed in or not. */
export function PublicLayout() {
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', background: 'var(--mantine-color-white)' }}
    >
      <PublicHeader />
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
