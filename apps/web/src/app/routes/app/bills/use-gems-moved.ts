import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { gemKeys } from '#web/features/gems/api/keys';
import { notificationKeys } from '#web/features/notifications/api/keys';
import { transactionKeys } from '#web/features/transactions/api/keys';

/**
 * A purchase held, spent or gave back gems: every balance on screen (dashboard, /earn, profile),
 * the history and the notices are marked stale, as features never touch each other's data.
 */
export function useGemsMoved() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [gemKeys.all, dashboardKeys.all, transactionKeys.all, notificationKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);
}
