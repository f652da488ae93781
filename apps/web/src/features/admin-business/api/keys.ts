/** Query keys of the back office's "running the business" screens. */
export const businessKeys = {
  all: ['admin', 'business'] as const,
  giftCards: () => [...businessKeys.all, 'giftcards'] as const,
  rateHistory: (subcategoryId: string) => [...businessKeys.all, 'rate-history', subcategoryId] as const,
  adjustments: () => [...businessKeys.all, 'crypto', 'adjustments'] as const,
  wallets: () => [...businessKeys.all, 'crypto', 'wallets'] as const,
  manualPath: () => [...businessKeys.all, 'crypto', 'manual-path'] as const,
  banks: () => [...businessKeys.all, 'banks'] as const,
  billOrders: (filters: Record<string, string | undefined>) => [...businessKeys.all, 'bill-orders', filters] as const,
  billOrdersAll: () => [...businessKeys.all, 'bill-orders'] as const,
  customersAll: () => [...businessKeys.all, 'customers'] as const,
  customers: (q: string) => [...businessKeys.customersAll(), q] as const,
  customer: (id: string) => [...businessKeys.all, 'customer', id] as const,
  customerLimits: (id: string) => [...businessKeys.customer(id), 'limits'] as const,
  customerReferrals: (id: string) => [...businessKeys.customer(id), 'referrals'] as const,
  rewardLevels: () => [...businessKeys.all, 'reward-levels'] as const,
};
