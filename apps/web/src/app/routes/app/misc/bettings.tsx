import { Dices } from 'lucide-react';
import { ComingSoon } from '../../../../components/ui/coming-soon';
import { paths } from '../../../../config/paths';

/** /bettings: coming soon (docs/product.md §2). */
export function BettingsRoute() {
  return (
    <ComingSoon
      title="Bettings"
      text="Fund your betting wallets with Wise Gems. We are putting the finishing touches to it."
      art={<Dices size={56} aria-hidden="true" />}
      backTo={paths.homepage}
    />
  );
}
