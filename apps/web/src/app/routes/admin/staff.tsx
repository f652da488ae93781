import { PageHeader } from '../../../components/admin/page-header';

export function AdminStaffRoute() {
  return <PageHeader title="Staff" />;
}
