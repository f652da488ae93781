import { PageHeader } from '#web/components/admin/page-header';
import { LinkButton } from '#web/components/ui/button';
import { useStaff } from '#web/features/admin/auth/staff-context';
import { DashboardStats } from '#web/features/admin/dashboard/components/dashboard-stats';
import { ExportForm } from '#web/features/admin/dashboard/components/export-form';
import { ReviewTimesChart } from '#web/features/admin/dashboard/components/review-times-chart';
import { adminPaths } from './admin-paths';
import { businessScreens } from './business';

const billsScreen = businessScreens.find((entry) => entry.path.startsWith('bills'));

/** /admin: the day at a glance; each figure opens the list behind it. */
export function AdminDashboardRoute() {
  const staff = useStaff();
  return (
    <>
      <PageHeader
        title={`Hello, ${staff.name.split(' ')[0] ?? staff.name}`}
        description="What needs attention now, and today's figures. Updates by itself."
        actions={<LinkButton to={adminPaths.sales}>Open the review queue</LinkButton>}
      />
      <DashboardStats
        links={{
          pending: adminPaths.sales,
          payoutsFailed: `${adminPaths.sales}?status=payout_failed`,
          awaitingApproval: `${adminPaths.sales}?status=awaiting_approval`,
          approved: `${adminPaths.sales}?status=paid`,
          rejected: `${adminPaths.sales}?status=rejected`,
          paid: `${adminPaths.sales}?status=paid`,
          bills: billsScreen ? `${adminPaths.root}/${billsScreen.path}` : undefined,
        }}
      />
      <ReviewTimesChart />
      <ExportForm />
    </>
  );
}
