import type { ComponentType, LazyExoticComponent } from 'react';
import type { StaffRole } from '@wise/shared/admin';

/**
 * The back office's "running the business" screens (catalogue, crypto, banks, bill orders,
 * customers, broadcast), each its own chunk. The shell (../admin-app.tsx) mounts them under
 * /admin/<path> and lists them in its navigation; `role` hides a screen from reviewers.
 */
export interface AdminScreen {
  /** Below /admin, e.g. 'giftcards' or 'customers/:id'. */
  path: string;
  /** Navigation label; screens without one (details) are not listed. */
  label?: string;
  role: StaffRole;
  Component: LazyExoticComponent<ComponentType>;
}

export const businessScreens: AdminScreen[] = [];
