import { useMemo } from 'react';
import { PageHeader } from '#web/components/admin/page-header';
import { AuditLog } from '#web/features/admin/audit/components/audit-log';
import { useStaffList } from '#web/features/admin/staff/api/get-staff';
import { adminPaths } from './admin-paths';
import { businessPaths } from './business/paths';

/** The back-office page of an audited target, where there is one. */
function targetHref(type: string, id: string): string | undefined {
  if (type === 'sale') return adminPaths.sale(id);
  if (type === 'customer') return businessPaths.customer(id);
  return undefined;
}

/** /admin/audit (admins): every staff action, who, when, before and after. */
export function AdminAuditRoute() {
  const staff = useStaffList();
  const staffOptions = useMemo(() => staff.data?.map((member) => ({ value: member.id, label: member.name })), [staff.data]);
  return (
    <>
      <PageHeader title="Audit log" description="Every staff action, newest first. Entries can't be changed or removed." />
      <AuditLog staffOptions={staffOptions} targetHref={targetHref} />
    </>
  );
}
