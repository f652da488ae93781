import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../features/admin/auth/components/auth-card';
import { VerifyForm } from '../../../features/admin/auth/components/verify-form';
import { adminPaths, returnPath } from './admin-paths';

/** /admin/verify: the authenticator code at each sign-in. */
export function AdminVerifyRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title="Enter your code" text="Open your authenticator app and enter the 6-digit code for Wise.">
      <VerifyForm onDone={() => void navigate(returnPath(location.state), { replace: true })} />
      <p className="admin-muted">
        Not you? <Link to={adminPaths.login}>Sign in again</Link>
      </p>
    </AuthCard>
  );
}
