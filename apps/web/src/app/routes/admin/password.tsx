import { useNavigate } from 'react-router';
import { AuthCard } from '#web/features/admin/auth/components/auth-card';
import { PasswordForm } from '#web/features/admin/auth/components/password-form';
import { toastSuccess } from '#web/components/ui/toast';
import { adminPaths } from './admin-paths';

/** /admin/password: a password someone else chose (one-time) must be replaced before anything else. */
export function AdminPasswordRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Choose a new password"
      text="Your password was set by someone else. Choose your own to continue; other sessions will be signed out."
    >
      <PasswordForm
        onDone={() => {
          toastSuccess('Password changed');
          void navigate(adminPaths.root, { replace: true });
        }}
      />
    </AuthCard>
  );
}
