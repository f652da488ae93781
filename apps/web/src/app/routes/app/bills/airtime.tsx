import { airtimeScreenTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { AirtimeForm } from '#web/features/bills/components/airtime-form';
import { useGemBalance } from '#web/features/gems/api/get-gem-balance';
import { useProfile } from '#web/features/profile/api/get-profile';
import { useTexts } from '#web/lib/i18n';

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
