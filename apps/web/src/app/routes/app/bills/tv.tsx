import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { TvForm } from '../../../../features/bills/components/tv-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';

/** /tv (docs/product.md §2): TV/cable subscriptions paid with Wise Gems. */
export function TvRoute() {
  const balance = useGemBalance();
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>TV · Wise</title>
      <ScreenIntro title="TV/Cable subscription" text="Pay with your Wise Gems. 1 gem is ₦1." />
      <TvForm balance={balance.data?.total_points} />
    </Screen>
  );
}
