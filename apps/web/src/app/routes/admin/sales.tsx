import { PageHeader } from '../../../components/admin/page-header';

export function AdminSalesRoute() {
  return <PageHeader title="Review queue" />;
}
