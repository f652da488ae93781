import { LogOut } from 'lucide-react';
import { logoutTexts } from '@wise/shared';
import { Spinner } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useLogOut } from '../api/log-out';
import './logout-button.css';

interface LogoutButtonProps {
  onLoggedOut: () => void;
}

/** Logs out on the server; only a successful reply clears the session here (docs/product.md §4). */
export function LogoutButton({ onLoggedOut }: LogoutButtonProps) {
  const logOut = useLogOut();
  const t = useTexts(logoutTexts);
  return (
    <button
      type="button"
      className="logout-button"
      aria-label={t.logOut}
      title={t.logOut}
      disabled={logOut.isPending}
      onClick={() =>
        logOut.mutate(undefined, {
          onSuccess: onLoggedOut,
          onError: (error) => toastError(errorMessage(error, t.failed)),
        })
      }
    >
      {logOut.isPending ? <Spinner /> : <LogOut size={20} aria-hidden="true" />}
    </button>
  );
}
