import { PageHeader } from '../../../components/admin/page-header';

export function AdminDashboardRoute() {
  return <PageHeader title="Dashboard" />;
}
