import { tvScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { TvForm } from '#web/features/bills/components/tv-form';
import { useGemBalance } from '#web/features/gems/api/get-gem-balance';
import { useTexts } from '#web/lib/i18n';

/** /tv (docs/product.md §2): TV/cable subscriptions paid with Wise Gems. */
export function TvRoute() {
  const balance = useGemBalance();
  const t = useTexts(tvScreenTexts);
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <TvForm balance={balance.data?.total_points} />
    </Screen>
  );
}
