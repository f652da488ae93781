import { electricityScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { ElectricityForm } from '#web/features/bills/components/electricity-form';
import { useGemBalance } from '#web/features/gems/api/get-gem-balance';
import { useTexts } from '#web/lib/i18n';

/** /electricity (docs/product.md §2): prepaid or postpaid electricity paid with Wise Gems. */
export function ElectricityRoute() {
  const balance = useGemBalance();
  const t = useTexts(electricityScreenTexts);
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <ElectricityForm balance={balance.data?.total_points} />
    </Screen>
  );
}
