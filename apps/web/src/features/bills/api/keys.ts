import type { BillNetwork, TvService } from '@wise/shared';

/** Query keys of the bills feature: plan lists per network or service, and one entry per order. */
export const billKeys = {
  all: ['bills'] as const,
  dataPlans: (network: BillNetwork) => [...billKeys.all, 'data-plans', network] as const,
  tvPlans: (service: TvService) => [...billKeys.all, 'tv-plans', service] as const,
  order: (id: string) => [...billKeys.all, 'order', id] as const,
};
