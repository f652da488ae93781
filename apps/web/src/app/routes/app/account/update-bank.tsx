import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { bankMessages, fetchMessages as englishFetchMessages, textsIn, updateBankTexts } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { bankDetailsQueryOptions } from '#web/features/bank/api/get-bank-details';
import { useBanks } from '#web/features/bank/api/get-banks';
import { UpdateBankForm } from '#web/features/bank/components/update-bank-form';
import { pinStatusQueryOptions } from '#web/features/pin/api/get-pin-status';
import { currentLanguage, useTexts } from '#web/lib/i18n';
import { safeReturnTo } from '#web/lib/return-to';
import { useRefreshAccountViews } from '../common/use-refresh-account-views';
import '../common/account.css';
import './account.css';

/**
 * /account/updatebank: bank from the server's list, 10-digit account, name shown before saving.
 * With `?returnTo=<in-app path>` (e.g. from a sale's confirm step) it goes back there once saved.
 *
 * Whether existing details are replaced (the PIN) or a first account is added without a PIN (the
 * password) is read from the server on every visit, never from a cached answer: a PIN status
 * cached before the PIN was set drew the password field, which the fresh answer then removed while
 * its empty value still failed the form's check, out of sight, so Submit did nothing.
 */
export function UpdateBankRoute() {
  const navigate = useNavigate();
  const returnTo = safeReturnTo(useSearchParams()[0].get('returnTo'));
  const banks = useBanks();
  const details = useQuery({ ...bankDetailsQueryOptions(), refetchOnMount: 'always' });
  const pin = useQuery({ ...pinStatusQueryOptions(), refetchOnMount: 'always' });
  // A cached answer shows at once but may be from before a change: the form waits for this visit's.
  const modeKnown = (details.isFetchedAfterMount || details.isError) && (pin.isFetchedAfterMount || pin.isError);
  const refreshAccountViews = useRefreshAccountViews();
  const t = useTexts(updateBankTexts);
  const fetchMessages = useTexts(englishFetchMessages);
  let body;
  if (banks.isPending || details.isPending || pin.isPending || !modeKnown) {
    body = (
      <div aria-busy="true" aria-label={t.loading} style={{ display: 'grid', gap: 16 }}>
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    );
  } else if (banks.isError) {
    body = <FetchError message={fetchMessages.transactionHistory} onRetry={() => void banks.refetch()} retrying={banks.isFetching} />;
  } else if (details.isError) {
    body = <FetchError message={fetchMessages.bankDetails} onRetry={() => void details.refetch()} retrying={details.isFetching} />;
  } else {
    const replacing = details.data.bank_account !== null;
    // Unknown PIN status (its fetch failed): ask for the password; the server decides anyway.
    const needsPassword = pin.isError || pin.data?.pin_status !== 'set';
    body = (
      <UpdateBankForm
        // A later answer that changes the mode (another device set the PIN or the details) starts the form afresh in it.
        key={`${replacing}:${needsPassword}`}
        banks={banks.data}
        replacing={replacing}
        needsPassword={needsPassword}
        onModeStale={() => {
          void details.refetch();
          void pin.refetch();
        }}
        current={details.data}
        onUpdated={() => {
          refreshAccountViews();
          if (!returnTo) {
            void navigate(paths.accountSuccess, { replace: true });
            return;
          }
          // Back where the customer was (e.g. selling), told in a toast instead of the success page.
          toastSuccess(textsIn(bankMessages, currentLanguage()).updated);
          void navigate(returnTo, { replace: true });
        }}
      />
    );
  }
  return (
    <Screen header={<Header backTo={returnTo ?? paths.account} />}>
      <title>{`${t.title} · Wise`}</title>
      <ScreenIntro title={t.title} text={t.intro} />
      {body}
    </Screen>
  );
}
