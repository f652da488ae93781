import { PageHeader } from '#web/components/admin/page-header';
import { PasskeysPanel } from '#web/features/admin/auth/components/passkeys-panel';

/** /admin/security (every staff member): their own sign-in factors. */
export function AdminSecurityRoute() {
  return (
    <>
      <PageHeader title="Security" description="How you sign in to the back office. Your authenticator app always works." />
      <PasskeysPanel />
    </>
  );
}
