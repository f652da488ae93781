import type { StaffRole } from '@wise/shared/admin';

/** The staff member a verified staff session belongs to (plugins/staff-sessions.ts sets it on the request). */
export interface StaffPrincipal {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** Who did it, for the audit log: a staff member, or the command line (admin:create). */
export type StaffActor = StaffPrincipal | { id: null; email: 'cli' };
