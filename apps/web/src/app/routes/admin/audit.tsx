import { PageHeader } from '../../../components/admin/page-header';

export function AdminAuditRoute() {
  return <PageHeader title="Audit log" />;
}
