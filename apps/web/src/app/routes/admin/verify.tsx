import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/features/admin/auth/components/auth-card';
import { PasskeySignIn } from '#web/features/admin/auth/components/passkey-sign-in';
import { VerifyForm } from '#web/features/admin/auth/components/verify-form';
import { adminPaths, returnPath } from './admin-paths';

/** The password step said this staff member has a passkey (docs/features.md, "Staff passkeys (back office)"). */
const offersPasskey = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'passkey' in state && state.passkey === true;

/** /admin/verify: the authenticator code at each sign-in, or a passkey instead. */
export function AdminVerifyRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title="Enter your code" text="Open your authenticator app and enter the 6-digit code for Wise.">
      {offersPasskey(location.state) ? <PasskeySignIn onDone={() => void navigate(returnPath(location.state), { replace: true })} /> : null}
      <VerifyForm onDone={() => void navigate(returnPath(location.state), { replace: true })} />
      <p className="admin-muted">
        Not you? <Link to={adminPaths.login}>Sign in again</Link>
      </p>
    </AuthCard>
  );
}
