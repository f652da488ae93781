import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { AirtimeForm } from '../../../../features/bills/components/airtime-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';

/** /airtime (docs/product.md §2): network, phone and amount, paid with Wise Gems (1 gem = ₦1). */
export function AirtimeRoute() {
  const balance = useGemBalance();
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>Airtime · Wise</title>
      <ScreenIntro title="Buy airtime" text="Pay with your Wise Gems. 1 gem is ₦1." />
      <AirtimeForm balance={balance.data?.total_points} />
    </Screen>
  );
}
