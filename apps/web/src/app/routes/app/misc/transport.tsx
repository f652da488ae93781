import { Bus } from 'lucide-react';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { paths } from '../../../../config/paths';

/** /transport: coming soon (docs/product.md §2). */
export function TransportRoute() {
  return (
    <ComingSoon
      title="Transport"
      text="Pay for rides and bus tickets with Wise Gems. We are putting the finishing touches to it."
      art={<Bus size={56} aria-hidden="true" />}
      backTo={paths.homepage}
    />
  );
}
