import { PageHeader } from '#web/components/admin/page-header';
import { BroadcastForm } from '#web/features/admin-business/components/broadcast-form';

/** /admin/broadcast: an in-app notification to every customer or to one. */
export function BroadcastScreen() {
  return (
    <>
      <PageHeader
        title="Broadcast"
        description="Send an in-app notification to every customer or to one. Sending asks for your authenticator code and is audited."
      />
      <BroadcastForm />
    </>
  );
}
