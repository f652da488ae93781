import { QueryClientProvider } from '@tanstack/react-query';
import type { RatesCard, RatesCoin } from '@wise/shared';
import { queryClient } from '#web/lib/query-client';
import { RateAlerts } from './rate-alerts';

/**
 * The alerts part of /rates, loaded only for a signed-in customer: it brings the query library and
 * the form with it, so a visitor's /rates stays within the landing screen's budget.
 */
export function RateAlertsPanel(props: { cards: readonly RatesCard[]; coins: readonly RatesCoin[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RateAlerts {...props} />
    </QueryClientProvider>
  );
}
