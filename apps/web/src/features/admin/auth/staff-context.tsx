import { createContext, useContext, type ReactNode } from 'react';
import type { StaffMe, StaffRole } from '@wise/shared/admin';

/** The signed-in staff member, provided by the back-office shell once /auth/me has answered. */
const StaffContext = createContext<StaffMe | null>(null);

export function StaffProvider({ staff, children }: { staff: StaffMe; children: ReactNode }) {
  return <StaffContext value={staff}>{children}</StaffContext>;
}

export function useStaff(): StaffMe {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff outside the back-office shell');
  return staff;
}

/** 'reviewer' is any signed-in staff member; 'admin' only admins (the server checks the same). */
export function hasRole(staff: Pick<StaffMe, 'role'>, needed: StaffRole): boolean {
  return needed === 'reviewer' || staff.role === 'admin';
}
