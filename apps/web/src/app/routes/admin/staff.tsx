import { useStaff } from '#web/features/admin/auth/staff-context';
import { StaffManagement } from '#web/features/admin/staff/components/staff-management';

/** /admin/staff (admins). */
export function AdminStaffRoute() {
  const me = useStaff();
  return <StaffManagement meId={me.id} />;
}
