import { Link, useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import { dashboardTexts, fetchMessages, firstWord, RATES_LINK_TEXT, VERIFICATION_PATH } from '@wise/shared';
import { Avatar } from '#web/components/ui/art/avatar';
import { Screen } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths, transactionHref, withReturnTo } from '#web/config/paths';
import { LogoutButton } from '#web/features/auth/components/logout-button';
import { useDashboard } from '#web/features/dashboard/api/get-dashboard';
import { ActionCards } from '#web/features/dashboard/components/action-cards';
import { GemBalanceCard } from '#web/features/dashboard/components/gem-balance-card';
import { PendingActions } from '#web/features/dashboard/components/pending-actions';
import { ServicesGrid } from '#web/features/dashboard/components/services-grid';
import { PopularCrypto } from '#web/features/crypto/components/popular-crypto';
import { useSalesSummary } from '#web/features/transactions/api/get-sales-summary';
import { SalesStrip, salesInMotion } from '#web/features/transactions/components/sales-strip';
import { authStorage } from '#web/lib/auth-storage';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { FetchError } from '#web/components/ui/fetch-error';
import '../common/account.css';
import './dashboard.css';

const serviceLinks = {
  airtime: paths.airtime,
  data: paths.data,
  bettings: paths.bettings,
  tv: paths.tv,
  electricity: paths.electricity,
  transport: paths.transport,
  earn: paths.earn,
  more: paths.more,
};
const pendingLinks = {
  set_pin: paths.pinSet,
  upload_photo: paths.profile,
  add_bank_details: paths.updateBank,
  verify_identity: VERIFICATION_PATH,
};

/** Home dashboard (docs/product.md §1). */
export function DashboardRoute() {
  const t = useTexts(dashboardTexts);
  const fetchText = useTexts(fetchMessages);
  const translate = useTranslate();
  const navigate = useNavigate();
  const dashboard = useDashboard();
  // Fetched beside the dashboard (first-screen-data.ts); the screen waits for both so the strip
  // never pushes the rest down when it arrives (CLS 0). A failed summary only leaves the strip out.
  const summary = useSalesSummary();
  const data = dashboard.data;
  // Until the server answers, the name the login stored is good enough for the greeting.
  const fullName = data?.full_name ?? authStorage.fullName();
  const unread = data?.unread_notifications ?? 0;

  return (
    <Screen withNav>
      <title>{t.title}</title>
      <header className="dashboard__top">
        {/* Named by hidden text, not aria-label: the initials drawn in the avatar are not its name. */}
        <Link to={paths.profile} className="dashboard__avatar">
          <span className="visually-hidden">{t.profile}</span>
          {data ? <Avatar name={fullName} size={44} photo={data.photo} /> : <Skeleton width={44} height={44} radius="50%" />}
        </Link>
        <div className="dashboard__hello">
          <h1 className="dashboard__greeting">{t.greeting(firstWord(fullName))}</h1>
          <p className="dashboard__sub">{t.welcome}</p>
        </div>
        <Link
          to={paths.notifications}
          className="icon-button dashboard__bell"
          aria-label={unread > 0 ? t.notificationsUnread(unread) : t.notifications}
        >
          <Bell size={22} aria-hidden="true" />
          {unread > 0 ? (
            <span className="dashboard__badge" data-testid="unread-count">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Link>
        <LogoutButton onLoggedOut={() => void navigate(paths.home, { replace: true })} />
      </header>

      {dashboard.isPending || summary.isPending ? (
        <div className="dashboard__loading" aria-busy="true" aria-label={t.loading}>
          <Skeleton height={148} radius={16} />
          <Skeleton height={180} />
          <Skeleton height={132} />
        </div>
      ) : dashboard.isError ? (
        <FetchError message={fetchText.details} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
      ) : (
        <>
          <GemBalanceCard balance={dashboard.data.wallet} historyHref={withReturnTo(paths.gemStatement, paths.homepage)} />
          {/* Home is the money screen: what is in review, being paid, paid today, and a failed payout with its fix. */}
          {summary.data && salesInMotion(summary.data) ? (
            <SalesStrip
              summary={summary.data}
              historyHref={paths.history}
              updateBankHref={withReturnTo(paths.updateBank, paths.homepage)}
              saleHref={transactionHref}
            />
          ) : null}
          {/* Selling is what the app is for: the sell cards lead, what is left to set up follows
              while still above the fold, then the gem services. */}
          <ActionCards giftCardsHref={paths.giftCards} cryptoHref={paths.crypto} />
          <Link to={paths.rates} className="dashboard__rates">
            {translate(RATES_LINK_TEXT)}
          </Link>
          <PendingActions actions={dashboard.data.pending_actions} links={pendingLinks} />
          <ServicesGrid links={serviceLinks} />
        </>
      )}
      {/* Market data loads on its own query: the summary above never waits for it, nor it for the summary.
          It is shown once the summary has replaced its skeleton, so it never jumps down (CLS 0). */}
      <div hidden={dashboard.isPending || summary.isPending}>
        <PopularCrypto />
      </div>
    </Screen>
  );
}
