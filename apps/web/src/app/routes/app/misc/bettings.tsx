import { Dices } from 'lucide-react';
import { bettingsTexts } from '@wise/shared';
import { ComingSoon } from '#web/components/ui/coming-soon';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** /bettings: coming soon (docs/product.md §2). */
export function BettingsRoute() {
  const t = useTexts(bettingsTexts);
  return <ComingSoon title={t.title} text={t.text} art={<Dices size={56} aria-hidden="true" />} backTo={paths.homepage} />;
}
