import { PageHeader } from '../../../components/admin/page-header';

export function AdminSaleRoute() {
  return <PageHeader title="Sale" />;
}
