import { electricityScreenTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { ElectricityForm } from '../../../../features/bills/components/electricity-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';
import { useTexts } from '../../../../lib/i18n';

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
