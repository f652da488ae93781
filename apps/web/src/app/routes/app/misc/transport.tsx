import { Bus } from 'lucide-react';
import { transportTexts } from '@wise/shared';
import { ComingSoon } from '#web/components/ui/coming-soon';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** /transport: coming soon (docs/product.md §2). */
export function TransportRoute() {
  const t = useTexts(transportTexts);
  return <ComingSoon title={t.title} text={t.text} art={<Bus size={56} aria-hidden="true" />} backTo={paths.homepage} />;
}
