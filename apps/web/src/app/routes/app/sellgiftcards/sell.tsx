import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { CreditCard } from 'lucide-react';
import { fetchMessages, giftCardErrorCodes, giftCardMessages, giftCardSellScreenTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { giftCardHrefs, paths } from '#web/config/paths';
import { useBankDetails } from '#web/features/bank/api/get-bank-details';
import { useGiftCard } from '#web/features/giftcards/api/get-gift-card';
import { usePayoutLimits } from '#web/features/profile/api/get-payout-limits';
import { SellGiftCardForm } from '#web/features/giftcards/components/sell-gift-card-form';
import { transactionKeys } from '#web/features/transactions/api/keys';
import { ApiError } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';

function FormSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} style={{ display: 'grid', gap: 20 }}>
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={72} />
      <Skeleton height={96} />
      <Skeleton height={100} />
    </div>
  );
}

/** /sellgiftcards/giftcardscatalogue/:card — the sell form for one card (docs/product.md §2, §5). */
export function GiftCardSellRoute() {
  const t = useTexts(giftCardSellScreenTexts);
  const cardText = useTexts(giftCardMessages);
  const fetchText = useTexts(fetchMessages);
  const slug = useParams().card ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useGiftCard(slug);
  const bank = useBankDetails();
  // The limit is shown before anything is typed; a failure to read it only leaves the hint out.
  const limits = usePayoutLimits();

  let body;
  if (detail.isPending || bank.isPending || limits.isPending) {
    body = <FormSkeleton label={t.loading} />;
  } else if (detail.isError) {
    body =
      detail.error instanceof ApiError && detail.error.code === giftCardErrorCodes.notFound ? (
        <EmptyState
          art={<CreditCard size={48} aria-hidden="true" />}
          title={cardText.cardUnavailable}
          text={t.chooseAnother}
          action={<LinkButton to={paths.giftCards}>{t.seeGiftCards}</LinkButton>}
        />
      ) : (
        <FetchError message={fetchText.giftCards} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      );
  } else if (bank.isError) {
    body = <FetchError message={fetchText.bankDetails} onRetry={() => void bank.refetch()} retrying={bank.isFetching} />;
  } else if (!bank.data.bank_account) {
    // Selling needs somewhere to pay: the confirm step says so and leads to adding the details.
    return <Navigate to={giftCardHrefs.confirmAccount(slug)} replace />;
  } else {
    body = (
      <SellGiftCardForm
        detail={detail.data}
        changeCardHref={paths.giftCards}
        limit={limits.data ? { remainingKobo: limits.data.remaining_today_kobo, tier: limits.data.tier } : undefined}
        onSold={(sale) => {
          void queryClient.invalidateQueries({ queryKey: transactionKeys.all });
          void navigate(giftCardHrefs.success(sale.id), { replace: true });
        }}
      />
    );
  }

  const name = detail.data?.card.name;
  const heading = name ? t.sellCard(name) : t.sellGiftCard;
  return (
    <Screen header={<Header backTo={giftCardHrefs.confirmAccount(slug)} title={heading} />}>
      <title>{t.title(heading)}</title>
      {body}
    </Screen>
  );
}
