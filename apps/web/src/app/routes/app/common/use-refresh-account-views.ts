import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardKeys } from '#web/features/dashboard/api/keys';
import { notificationKeys } from '#web/features/notifications/api/keys';

/**
 * After an account change (profile, PIN, bank details) the server adds a notice and the dashboard
 * summary (name, photo, pending actions, unread count) moves: the screen that made the change
 * marks both stale, as features never touch each other's data.
 */
export function useRefreshAccountViews() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [queryClient]);
}
