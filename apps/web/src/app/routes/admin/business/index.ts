import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { StaffRole } from '@wise/shared/admin';
import { businessRoutes } from './paths';

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

/** `lazy` over a module's named export: each screen is fetched when first opened. */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const businessScreens: AdminScreen[] = [
  {
    path: businessRoutes.customers,
    label: 'Customers',
    role: 'reviewer',
    Component: screen(() => import('./customers'), 'CustomersScreen'),
  },
  { path: businessRoutes.customer, role: 'reviewer', Component: screen(() => import('./customer-detail'), 'CustomerDetailScreen') },
  { path: businessRoutes.bills, label: 'Bill orders', role: 'reviewer', Component: screen(() => import('./bills'), 'BillOrdersScreen') },
  { path: businessRoutes.giftCards, label: 'Gift cards', role: 'admin', Component: screen(() => import('./giftcards'), 'GiftCardsScreen') },
  { path: businessRoutes.crypto, label: 'Crypto', role: 'admin', Component: screen(() => import('./crypto'), 'CryptoScreen') },
  { path: businessRoutes.banks, label: 'Banks', role: 'admin', Component: screen(() => import('./banks'), 'BanksScreen') },
  {
    path: businessRoutes.rewardLevels,
    label: 'Reward levels',
    role: 'admin',
    Component: screen(() => import('./reward-levels'), 'RewardLevelsScreen'),
  },
  { path: businessRoutes.broadcast, label: 'Broadcast', role: 'admin', Component: screen(() => import('./broadcast'), 'BroadcastScreen') },
];
