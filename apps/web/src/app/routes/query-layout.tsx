import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '#web/lib/query-client';

/**
 * Server data for every screen that talks to the API. A layout route of its own, so the query
 * library arrives with the first such screen and not with the splash and landing pages, which
 * must be interactive on a cheap phone within the JavaScript budget.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
