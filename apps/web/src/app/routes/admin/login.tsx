import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/features/admin/auth/components/auth-card';
import { StaffLoginForm } from '#web/features/admin/auth/components/login-form';
import { adminPaths } from './admin-paths';

/** /admin/login: e-mail and password, then the authenticator step the server asks for. */
export function AdminLoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title="Sign in" text="Staff only. Your authenticator app is needed next.">
      <StaffLoginForm
        onNext={(answer) =>
          void navigate(answer.next === 'enrol' ? adminPaths.enrol : adminPaths.verify, {
            state: answer.passkey ? { ...(typeof location.state === 'object' ? location.state : {}), passkey: true } : location.state,
          })
        }
      />
    </AuthCard>
  );
}
