import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { ElectricityForm } from '../../../../features/bills/components/electricity-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';

/** /electricity (docs/product.md §2): prepaid or postpaid electricity paid with Wise Gems. */
export function ElectricityRoute() {
  const balance = useGemBalance();
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>Electricity · Wise</title>
      <ScreenIntro title="Buy electricity" text="Pay with your Wise Gems. 1 gem is ₦1." />
      <ElectricityForm balance={balance.data?.total_points} />
    </Screen>
  );
}
