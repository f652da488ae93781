import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/features/admin/auth/components/auth-card';
import { EnrolmentPanel } from '#web/features/admin/auth/components/enrolment-panel';
import { returnPath } from './admin-paths';

/** /admin/enrol: the first sign-in sets up the authenticator app with the server's QR code. */
export function AdminEnrolRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title="Set up your authenticator" text="Every sign-in and every money-moving action asks for its code." wide>
      <EnrolmentPanel onDone={() => void navigate(returnPath(location.state), { replace: true })} />
    </AuthCard>
  );
}
