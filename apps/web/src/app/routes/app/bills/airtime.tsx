import { airtimeScreenTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { AirtimeForm } from '../../../../features/bills/components/airtime-form';
import { useGemBalance } from '../../../../features/gems/api/get-gem-balance';
import { useProfile } from '../../../../features/profile/api/get-profile';
import { useTexts } from '../../../../lib/i18n';

/** /airtime (docs/product.md §2): network, phone and amount, paid with Wise Gems (1 gem = ₦1). */
export function AirtimeRoute() {
  const balance = useGemBalance();
  const profile = useProfile();
  const t = useTexts(airtimeScreenTexts);
  return (
    <Screen header={<Header backTo={paths.homepage} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <AirtimeForm balance={balance.data?.total_points} ownPhone={profile.data?.phone} />
    </Screen>
  );
}
