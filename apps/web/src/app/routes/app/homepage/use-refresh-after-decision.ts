import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { notificationKeys } from '#web/features/notifications/api/keys';
import { rewardKeys } from '#web/features/rewards/api/keys';

/**
 * What a decision on a sale changes besides the sale: a notification (and the dashboard's unread
 * badge), and once paid the claimable rewards. Screens that watch a pending sale settle call this.
 */
export function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [notificationKeys.all, dashboardKeys.all, rewardKeys.all]) void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
}
