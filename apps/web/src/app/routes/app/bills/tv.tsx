import { tvScreenTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { TvForm } from '../../../../features/bills/components/tv-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';
import { useTexts } from '../../../../lib/i18n';

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
