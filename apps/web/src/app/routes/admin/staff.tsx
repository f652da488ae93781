import { useStaff } from '../../../features/admin/auth/staff-context';
import { StaffManagement } from '../../../features/admin/staff/components/staff-management';

/** /admin/staff (admins). */
export function AdminStaffRoute() {
  const me = useStaff();
  return <StaffManagement meId={me.id} />;
}
