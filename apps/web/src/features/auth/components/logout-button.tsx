import { LogOut } from 'lucide-react';
import { Spinner } from '../../../components/ui/button';
import { toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useLogOut } from '../api/log-out';
import './logout-button.css';

interface LogoutButtonProps {
  onLoggedOut: () => void;
}

/** Logs out on the server; only a successful reply clears the session here (docs/product.md §4). */
export function LogoutButton({ onLoggedOut }: LogoutButtonProps) {
  const logOut = useLogOut();
  return (
    <button
      type="button"
      className="logout-button"
      aria-label="Log out"
      title="Log out"
      disabled={logOut.isPending}
      onClick={() =>
        logOut.mutate(undefined, {
          onSuccess: onLoggedOut,
          onError: (error) => toastError(errorMessage(error, 'Could not log you out. Please try again')),
        })
      }
    >
      {logOut.isPending ? <Spinner /> : <LogOut size={20} aria-hidden="true" />}
    </button>
  );
}
