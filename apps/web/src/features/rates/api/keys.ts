/** Query keys of the rates feature: the customer's alerts (the public rates are fetched without the query library). */
export const rateKeys = {
  all: ['rates'] as const,
  alerts: () => [...rateKeys.all, 'alerts'] as const,
};
