import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  ArrowDownToLine,
  Bitcoin,
  ClipboardCheck,
  CreditCard,
  Gem,
  IdCard,
  Gift,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Megaphone,
  Receipt,
  Scale,
  ScrollText,
  UserRound,
  Users,
} from 'lucide-react';
import { documentReviewTexts, staffErrorCodes } from '@wise/shared/admin';
import { AdminLoading } from '#web/components/admin/loading';
import { useAppInfo } from '#web/features/app-info/api/get-app-info';
import { staffAuthKeys } from '#web/features/admin/auth/api/keys';
import { ApiError, setAdminUnauthorizedHandler } from '#web/lib/admin-api';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import { outageOver, retryDelay, retryQuery } from '#web/lib/outage';
import { adminPaths } from './admin-paths';
import { AdminGate, RequireRole, type AdminNavSection } from './admin-gate';
import { businessScreens } from './business';
import '#web/components/admin/admin.css';
// The back office parses with zod directly: no code compiled (our CSP has no 'unsafe-eval').
import '#web/lib/zod-jitless';

/** Each screen its own chunk: `lazy` over a module's named export. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const AdminLoginRoute = screen(() => import('./login'), 'AdminLoginRoute');
const AdminInvitationRoute = screen(() => import('./invitation'), 'AdminInvitationRoute');
const AdminEnrolRoute = screen(() => import('./enrol'), 'AdminEnrolRoute');
const AdminVerifyRoute = screen(() => import('./verify'), 'AdminVerifyRoute');
const AdminPasswordRoute = screen(() => import('./password'), 'AdminPasswordRoute');
const AdminDashboardRoute = screen(() => import('./dashboard'), 'AdminDashboardRoute');
const AdminSalesRoute = screen(() => import('./sales'), 'AdminSalesRoute');
const AdminSaleRoute = screen(() => import('./sale-detail'), 'AdminSaleRoute');
const AdminDepositsRoute = screen(() => import('./deposits'), 'AdminDepositsRoute');
const AdminAuditRoute = screen(() => import('./audit'), 'AdminAuditRoute');
const AdminReconciliationRoute = screen(() => import('./reconciliation'), 'AdminReconciliationRoute');
const AdminStaffRoute = screen(() => import('./staff'), 'AdminStaffRoute');
const AdminSecurityRoute = screen(() => import('./security'), 'AdminSecurityRoute');
const AdminIdentityDocumentsRoute = screen(() => import('./identity-documents'), 'AdminIdentityDocumentsRoute');
const AdminNotFoundRoute = screen(() => import('./not-found'), 'AdminNotFoundRoute');

/**
 * The back office's own query client: staff data never mixes with a customer's cache, and a
 * lost staff session or a forced password change is handled here once for every call.
 */
function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onSuccess: outageOver,
      onError: (error) => {
        if (error instanceof ApiError && error.code === staffErrorCodes.passwordChangeRequired) {
          void client.invalidateQueries({ queryKey: staffAuthKeys.me() });
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (error instanceof ApiError && error.code === staffErrorCodes.passwordChangeRequired) {
          void client.invalidateQueries({ queryKey: staffAuthKeys.me() });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: true,
        // A refused answer (401, 403, 404, 409) will not change by asking again; an outage is waited out (lib/outage.ts).
        retry: (count, error) =>
          retryQuery(count, error, () => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)),
        retryDelay,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** Exported for tests, which clear it between cases. */
export const adminQueryClient = createAdminQueryClient();

/** Icons for the business screens' links (their entries carry none), by path. */
const businessIcons: Record<string, ReactNode> = {
  customers: <UserRound size={18} aria-hidden="true" />,
  bills: <Receipt size={18} aria-hidden="true" />,
  giftcards: <Gift size={18} aria-hidden="true" />,
  crypto: <Bitcoin size={18} aria-hidden="true" />,
  banks: <Landmark size={18} aria-hidden="true" />,
  broadcast: <Megaphone size={18} aria-hidden="true" />,
  'reward-levels': <Gem size={18} aria-hidden="true" />,
};
const defaultIcon = <CreditCard size={18} aria-hidden="true" />;

const nav: AdminNavSection[] = [
  {
    items: [
      { to: adminPaths.root, label: 'Dashboard', icon: <LayoutDashboard size={18} aria-hidden="true" />, role: 'reviewer', end: true },
      { to: adminPaths.sales, label: 'Review queue', icon: <ClipboardCheck size={18} aria-hidden="true" />, role: 'reviewer' },
      { to: adminPaths.deposits, label: 'Deposits', icon: <ArrowDownToLine size={18} aria-hidden="true" />, role: 'reviewer' },
      {
        to: adminPaths.identityDocuments,
        label: documentReviewTexts.navLabel,
        icon: <IdCard size={18} aria-hidden="true" />,
        role: 'reviewer',
      },
      { to: adminPaths.security, label: 'Security', icon: <KeyRound size={18} aria-hidden="true" />, role: 'reviewer' },
    ],
  },
  {
    label: 'Business',
    items: businessScreens
      .filter((entry) => entry.label)
      .map((entry) => ({
        to: `${adminPaths.root}/${entry.path}`,
        label: entry.label ?? entry.path,
        icon: businessIcons[entry.path] ?? defaultIcon,
        role: entry.role,
      })),
  },
  {
    label: 'Admin',
    items: [
      { to: adminPaths.audit, label: 'Audit log', icon: <ScrollText size={18} aria-hidden="true" />, role: 'admin' },
      { to: adminPaths.reconciliation, label: 'Reconciliation', icon: <Scale size={18} aria-hidden="true" />, role: 'admin' },
      { to: adminPaths.staff, label: 'Staff', icon: <Users size={18} aria-hidden="true" />, role: 'admin' },
    ],
  },
];

/** The business time zone for every date the back office shows (the server's APP_TIMEZONE). */
function AdminTimeZone({ children }: { children: ReactNode }) {
  const appInfo = useAppInfo();
  return <BusinessTimeZoneProvider timeZone={appInfo.data?.time_zone}>{children}</BusinessTimeZoneProvider>;
}

/** Sends a lost staff session to the login, once, with the page to come back to. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  });
  useEffect(() => {
    setAdminUnauthorizedHandler(() => {
      const from = here.current;
      adminQueryClient.removeQueries({ queryKey: staffAuthKeys.all });
      if (!from.startsWith(adminPaths.login)) void navigate(adminPaths.login, { replace: true, state: { from } });
    });
  }, [navigate]);
  return null;
}

/** The back office (docs/decisions.md §8) at /admin/*: its own providers, sign-in steps and screens. */
export function AdminApp() {
  useEffect(() => {
    document.title = 'Wise back office';
  }, []);
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AdminTimeZone>
        <UnauthorizedRedirect />
        <Suspense fallback={<AdminLoading />}>
          <Routes>
            <Route path="login" element={<AdminLoginRoute />} />
            <Route path="invitation" element={<AdminInvitationRoute />} />
            <Route path="enrol" element={<AdminEnrolRoute />} />
            <Route path="verify" element={<AdminVerifyRoute />} />
            <Route path="password" element={<AdminPasswordRoute />} />
            <Route element={<AdminGate nav={nav} />}>
              <Route index element={<AdminDashboardRoute />} />
              <Route path="sales" element={<AdminSalesRoute />} />
              <Route path="sales/:id" element={<AdminSaleRoute />} />
              <Route path="deposits" element={<AdminDepositsRoute />} />
              <Route path="security" element={<AdminSecurityRoute />} />
              <Route path="identity-documents" element={<AdminIdentityDocumentsRoute />} />
              <Route
                path="reconciliation"
                element={
                  <RequireRole role="admin">
                    <AdminReconciliationRoute />
                  </RequireRole>
                }
              />
              <Route
                path="audit"
                element={
                  <RequireRole role="admin">
                    <AdminAuditRoute />
                  </RequireRole>
                }
              />
              <Route
                path="staff"
                element={
                  <RequireRole role="admin">
                    <AdminStaffRoute />
                  </RequireRole>
                }
              />
              {businessScreens.map(({ path, role, Component }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RequireRole role={role}>
                      <Component />
                    </RequireRole>
                  }
                />
              ))}
              <Route path="*" element={<AdminNotFoundRoute />} />
            </Route>
          </Routes>
        </Suspense>
      </AdminTimeZone>
    </QueryClientProvider>
  );
}
