import type { ReactNode } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { BottomNav } from '#web/components/ui/bottom-nav';
import { paths } from '#web/config/paths';
import { useAppInfo } from '#web/features/app-info/api/get-app-info';
import { authStorage } from '#web/lib/auth-storage';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { useLiveUpdates } from '#web/app/live-updates';

interface NavHandle {
  hideNav?: boolean;
}

function hidesNav(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as NavHandle).hideNav === true;
}

/**
 * Only used when the server cannot be asked (after the query's retry): the product's business zone and
 * the server's default APP_TIMEZONE, so dates still show rather than waiting for ever. While the
 * answer is on its way (it comes in parallel with the screen's own data) dates show a placeholder.
 */
const UNREACHABLE_SERVER_TIME_ZONE = 'Africa/Lagos';

/** Every date in the logged-in app is written in the zone the server names (GET /api/app-info). */
function ServerTimeZone({ children }: { children: ReactNode }) {
  const appInfo = useAppInfo();
  const timeZone = appInfo.data?.time_zone ?? (appInfo.isError ? UNREACHABLE_SERVER_TIME_ZONE : undefined);
  return <BusinessTimeZoneProvider timeZone={timeZone}>{children}</BusinessTimeZoneProvider>;
}

/** The live-update stream, open while the logged-in app is shown (app/live-updates.ts). */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

/** The authenticated group (docs/product.md §2): only when logged in, else back to /home; bottom nav below. */
export function AppLayout() {
  const matches = useMatches();
  if (!authStorage.isLoggedIn()) return <Navigate to={paths.home} replace />;
  const showNav = !matches.some((match) => hidesNav(match.handle));
  return (
    <ServerTimeZone>
      <LiveUpdates />
      <Outlet />
      {showNav ? <BottomNav /> : null}
    </ServerTimeZone>
  );
}
