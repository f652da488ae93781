import { Navigate, useSearchParams } from 'react-router';
import { giftCardConfirmAccountTexts, saleMessages } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { giftCardHrefs, paths, withReturnTo } from '#web/config/paths';
import { BankDetailsConfirmation } from '#web/features/bank/components/bank-details-confirmation';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellgiftcards/giftcardscatalogue/confirmaccount?card=<slug>: the bank account the sale will be
 * paid into, with a way to change it (and come back here), before the sell form (docs/product.md §2).
 */
export function GiftCardConfirmAccountRoute() {
  const t = useTexts(giftCardConfirmAccountTexts);
  const saleText = useTexts(saleMessages);
  const slug = useSearchParams()[0].get('card');
  if (!slug) return <Navigate to={paths.giftCards} replace />;
  const here = giftCardHrefs.confirmAccount(slug);
  return (
    <Screen header={<Header backTo={paths.giftCards} title={t.header} />}>
      <title>{t.title}</title>
      <ScreenIntro title={t.heading} text={t.text} />
      <BankDetailsConfirmation
        changeHref={withReturnTo(paths.updateBank, here)}
        continueHref={giftCardHrefs.sell(slug)}
        missingText={saleText.bankDetailsRequired}
      />
    </Screen>
  );
}
