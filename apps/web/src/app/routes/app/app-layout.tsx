import { Navigate, Outlet, useMatches } from 'react-router';
import { BottomNav } from '../../../components/ui/bottom-nav';
import { paths } from '../../../config/paths';
import { authStorage } from '../../../lib/auth-storage';

interface NavHandle {
  hideNav?: boolean;
}

function hidesNav(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as NavHandle).hideNav === true;
}

/** The authenticated group (SPEC §2): only when logged in, else back to /home; bottom nav below. */
export function AppLayout() {
  const matches = useMatches();
  if (!authStorage.isLoggedIn()) return <Navigate to={paths.home} replace />;
  const showNav = !matches.some((match) => hidesNav(match.handle));
  return (
    <>
      <Outlet />
      {showNav ? <BottomNav /> : null}
    </>
  );
}
