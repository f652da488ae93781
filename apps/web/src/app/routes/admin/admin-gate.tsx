import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { staffErrorCodes, type StaffRole } from '@wise/shared/admin';
import { AdminLayout, type AdminNavGroup } from '#web/components/admin/admin-layout';
import { AdminLoading } from '#web/components/admin/loading';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { useStaffMe } from '#web/features/admin/auth/api/get-me';
import { useStaffLogout } from '#web/features/admin/auth/api/logout';
import { hasRole, StaffProvider, useStaff } from '#web/features/admin/auth/staff-context';
import { ApiError } from '#web/lib/admin-api';
import { adminPaths } from './admin-paths';

export interface AdminNavEntry {
  to: string;
  label: string;
  icon?: ReactNode;
  role: StaffRole;
  end?: boolean;
}

export interface AdminNavSection {
  label?: string;
  items: AdminNavEntry[];
}

/**
 * Every back-office screen sits behind this: no verified staff session → /admin/login; a
 * password someone else chose → /admin/password; then the layout with the navigation this
 * staff member's role may use.
 */
export function AdminGate({ nav }: { nav: AdminNavSection[] }) {
  const me = useStaffMe();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useStaffLogout();

  if (me.isPending) return <AdminLoading label="Checking your session..." />;
  if (me.isError) {
    const error = me.error;
    if (error instanceof ApiError && error.status === 401) {
      return <Navigate to={adminPaths.login} replace state={{ from: location.pathname + location.search }} />;
    }
    if (error instanceof ApiError && error.code === staffErrorCodes.passwordChangeRequired) {
      return <Navigate to={adminPaths.password} replace />;
    }
    return (
      <div className="admin admin-auth">
        <FetchError message="Couldn't reach the back office" onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </div>
    );
  }
  const staff = me.data;
  if (staff.must_change_password) return <Navigate to={adminPaths.password} replace />;

  const groups: AdminNavGroup[] = nav
    .map((section) => ({ label: section.label, items: section.items.filter((item) => hasRole(staff, item.role)) }))
    .filter((section) => section.items.length > 0);

  return (
    <StaffProvider staff={staff}>
      <AdminLayout
        nav={groups}
        user={staff}
        loggingOut={logout.isPending}
        onLogout={() => logout.mutate(undefined, { onSettled: () => void navigate(adminPaths.login, { replace: true }) })}
      >
        <Suspense fallback={<AdminLoading />}>
          <Outlet />
        </Suspense>
      </AdminLayout>
    </StaffProvider>
  );
}

/** A screen for one role: others see why they can't use it (the server refuses them too). */
export function RequireRole({ role, children }: { role: StaffRole; children: ReactNode }) {
  const staff = useStaff();
  if (!hasRole(staff, role)) {
    return <EmptyState title="Admins only" text="Your role doesn't include this screen. Ask an admin if you need it." />;
  }
  return children;
}
