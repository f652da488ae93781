import { adminPaths } from '../admin-paths';

/** The business screens' paths below /admin (`businessScreens` mounts them) and their hrefs. */
export const businessRoutes = {
  giftCards: 'giftcards',
  crypto: 'crypto',
  banks: 'banks',
  bills: 'bills',
  customers: 'customers',
  customer: 'customers/:id',
  broadcast: 'broadcast',
  rewardLevels: 'reward-levels',
} as const;

export const businessPaths = {
  giftCards: `${adminPaths.root}/${businessRoutes.giftCards}`,
  bills: `${adminPaths.root}/${businessRoutes.bills}`,
  customers: `${adminPaths.root}/${businessRoutes.customers}`,
  customer: (id: string) => `${adminPaths.root}/customers/${encodeURIComponent(id)}`,
  broadcast: `${adminPaths.root}/${businessRoutes.broadcast}`,
  rewardLevels: `${adminPaths.root}/${businessRoutes.rewardLevels}`,
  sale: adminPaths.sale,
} as const;
