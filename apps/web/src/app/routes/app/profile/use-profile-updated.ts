import { useNavigate } from 'react-router';
import { paths } from '#web/config/paths';
import type { ProfileSuccessState } from '#web/features/profile/navigation-state';
import { useRefreshAccountViews } from '../common/use-refresh-account-views';

/** What every modify screen does once the server saved the change: refresh, then /profile/success. */
export function useProfileUpdated() {
  const navigate = useNavigate();
  const refreshAccountViews = useRefreshAccountViews();
  return (message: string) => {
    refreshAccountViews();
    const state: ProfileSuccessState = { message };
    void navigate(paths.profileSuccess, { replace: true, state });
  };
}
