import { EmptyState } from '#web/components/ui/empty-state';
import { LinkButton } from '#web/components/ui/button';
import { adminPaths } from './admin-paths';

/** An /admin path that is no screen. */
export function AdminNotFoundRoute() {
  return (
    <EmptyState
      title="Page not found"
      text="This back-office page doesn't exist."
      action={<LinkButton to={adminPaths.root}>Go to the dashboard</LinkButton>}
    />
  );
}
