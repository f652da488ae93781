import { cryptoConfirmAccountTexts, saleMessages, type CoinId } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { cryptoHrefs, paths, withReturnTo } from '#web/config/paths';
import { BankDetailsConfirmation } from '#web/features/bank/components/bank-details-confirmation';
import { QuoteMissing } from '#web/features/crypto/components/quote-missing';
import { QuoteSummary } from '#web/features/crypto/components/quote-summary';
import { useSaleQuote } from '#web/features/crypto/hooks/use-sale-quote';
import { UnknownCoin } from './unknown-coin';
import { useCoinParam } from './use-coin-param';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/confirmaccount?quote=<id>: the quote with its countdown, and
 * the bank account it will be paid into (added or changed here, coming back to this step).
 */
export function CryptoConfirmAccountRoute() {
  const coinId = useCoinParam();
  if (!coinId) return <UnknownCoin />;
  return <ConfirmAccountScreen coinId={coinId} />;
}

function ConfirmAccountScreen({ coinId }: { coinId: CoinId }) {
  const t = useTexts(cryptoConfirmAccountTexts);
  const saleText = useTexts(saleMessages);
  const sale = useSaleQuote(coinId);
  const { entry } = sale;
  return (
    <Screen header={<Header backTo={cryptoHrefs.coin(coinId)} title={t.header} />}>
      <title>{t.title}</title>
      {entry ? (
        <>
          <ScreenIntro title={t.heading} text={t.text} />
          <QuoteSummary sale={sale} />
          <BankDetailsConfirmation
            changeHref={withReturnTo(paths.updateBank, cryptoHrefs.confirmAccount(coinId, entry.quote.id))}
            continueHref={cryptoHrefs.walletAddress(coinId, entry.quote.id)}
            missingText={saleText.bankDetailsRequired}
          />
        </>
      ) : (
        <QuoteMissing startHref={cryptoHrefs.coin(coinId)} />
      )}
    </Screen>
  );
}
