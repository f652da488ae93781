import { useLocation, useNavigate } from 'react-router';
import { AuthCard } from '#web/features/admin/auth/components/auth-card';
import { InvitationForm } from '#web/features/admin/auth/components/invitation-form';
import { adminPaths } from './admin-paths';

/** /admin/invitation#<token>: a new or reset staff member sets their password, then the authenticator. */
export function AdminInvitationRoute() {
  const navigate = useNavigate();
  // The token travels in the fragment, so no server log or Referer ever carries it.
  const token = useLocation().hash.replace(/^#/, '');
  return (
    <AuthCard title="Set up your sign-in" text="Choose your password. Your authenticator app is set up next.">
      <InvitationForm token={token} onDone={() => void navigate(adminPaths.enrol, { replace: true })} />
    </AuthCard>
  );
}
