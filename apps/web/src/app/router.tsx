import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { isChunkLoadError } from '../lib/chunk-reload';
import { NewVersionPrompt } from './routes/new-version';
import { RootLayout } from './routes/root-layout';

/**
 * The error screen is rarely seen: fetched when needed, not with every first screen (JavaScript
 * budget). When its own file cannot arrive either (a deploy under an open app), the new-version
 * prompt stands in for it.
 */
const LazyErrorPage = lazy(() =>
  import('./routes/error-page').then(
    (module) => ({ default: module.ErrorPage }),
    () => ({ default: NewVersionPrompt }),
  ),
);
function ErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <NewVersionPrompt />;
  return (
    <Suspense fallback={null}>
      <LazyErrorPage />
    </Suspense>
  );
}

/**
 * Route-level code splitting: each screen is fetched when first visited. `load` imports the
 * screen's module; `name` is its exported component. A file a deploy removed fails the import:
 * the error screen below turns that into one reload, then the new-version prompt.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => {
    const module = await load();
    return { Component: module[name] as ComponentType };
  };
}

/**
 * The first screens a visitor sees, without the query library: splash and landing have no server
 * data; /rates fetches its one answer itself and loads the query library only with a signed-in
 * customer's alerts (docs/features.md, "Rates and alerts"), to stay within the landing screen's budget.
 */
const welcomeRoutes: RouteObject[] = [
  { index: true, lazy: screen(() => import('./routes/splash'), 'SplashRoute') },
  { path: paths.home, lazy: screen(() => import('./routes/landing'), 'LandingRoute') },
  { path: paths.rates, lazy: screen(() => import('./routes/rates/rates'), 'RatesRoute') },
];

const publicRoutes: RouteObject[] = [
  { path: paths.login, lazy: screen(() => import('./routes/auth/login'), 'LoginRoute') },
  { path: paths.loginPassword, lazy: screen(() => import('./routes/auth/login-password'), 'LoginPasswordRoute') },
  { path: paths.createAccount, lazy: screen(() => import('./routes/auth/create-account'), 'CreateAccountRoute') },
  { path: paths.createAccountOtp, lazy: screen(() => import('./routes/auth/create-account-otp'), 'CreateAccountOtpRoute') },
  {
    path: paths.createAccountSuccess,
    lazy: screen(() => import('./routes/auth/create-account-success'), 'CreateAccountSuccessRoute'),
  },
  { path: paths.passwordReset, lazy: screen(() => import('./routes/auth/password-reset'), 'PasswordResetRoute') },
  {
    path: paths.passwordResetEmail,
    lazy: screen(() => import('./routes/auth/password-reset-email'), 'PasswordResetEmailRoute'),
  },
  {
    path: paths.passwordResetNew,
    lazy: screen(() => import('./routes/auth/password-reset-new'), 'PasswordResetNewRoute'),
  },
  {
    path: paths.passwordResetSuccess,
    lazy: screen(() => import('./routes/auth/password-reset-success'), 'PasswordResetSuccessRoute'),
  },
];

/** Account-area screens below a tab: full-height forms and lists without the bottom navigation. */
function hidden(entries: [string, RouteObject['lazy']][]): RouteObject[] {
  return entries.map(([path, lazy]) => ({ path, handle: { hideNav: true }, lazy }) as RouteObject);
}

/**
 * The logged-in app (docs/product.md §2 "Authenticated group"), behind the guard in app-layout.
 * Add a route group as one entry here, with its screens under routes/app/<group>/.
 * A route with `handle: { hideNav: true }` hides the bottom navigation (e.g. PIN entry).
 */
const authenticatedRoutes: RouteObject[] = [
  {
    path: paths.homepage,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/homepage/dashboard'), 'DashboardRoute') },
      ...hidden([
        [paths.pinSet, screen(() => import('./routes/app/homepage/pin-set'), 'PinSetRoute')],
        [paths.pinConfirm, screen(() => import('./routes/app/homepage/pin-confirm'), 'PinConfirmRoute')],
        [paths.pinSuccess, screen(() => import('./routes/app/homepage/pin-success'), 'PinSuccessRoute')],
        [paths.history, screen(() => import('./routes/app/homepage/history'), 'HistoryRoute')],
        [paths.transaction, screen(() => import('./routes/app/homepage/transaction-detail'), 'TransactionDetailRoute')],
        [paths.notifications, screen(() => import('./routes/app/homepage/notifications'), 'NotificationsRoute')],
      ]),
    ],
  },
  {
    path: paths.profile,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/profile/profile'), 'ProfileRoute') },
      ...hidden([
        [paths.gemBalance, screen(() => import('./routes/app/profile/gem-balance'), 'GemBalanceRoute')],
        [paths.gemStatement, screen(() => import('./routes/app/profile/gem-statement'), 'GemStatementRoute')],
        [paths.profileFullName, screen(() => import('./routes/app/profile/modify-full-name'), 'ModifyFullNameRoute')],
        [paths.profilePhone, screen(() => import('./routes/app/profile/modify-phone'), 'ModifyPhoneRoute')],
        [paths.profilePhoneNumber, screen(() => import('./routes/app/profile/modify-phone-number'), 'ModifyPhoneNumberRoute')],
        [paths.profilePhoneOtp, screen(() => import('./routes/app/profile/modify-phone-otp'), 'ModifyPhoneOtpRoute')],
        [paths.profileEmail, screen(() => import('./routes/app/profile/modify-email'), 'ModifyEmailRoute')],
        [paths.profileEmailNew, screen(() => import('./routes/app/profile/modify-email-new'), 'ModifyEmailNewRoute')],
        [paths.profileEmailOtp, screen(() => import('./routes/app/profile/modify-email-otp'), 'ModifyEmailOtpRoute')],
        [paths.profileGender, screen(() => import('./routes/app/profile/modify-gender'), 'ModifyGenderRoute')],
        [paths.profileAddress, screen(() => import('./routes/app/profile/modify-address'), 'ModifyAddressRoute')],
        [paths.profileDob, screen(() => import('./routes/app/profile/modify-dob'), 'ModifyDateOfBirthRoute')],
        [paths.verification, screen(() => import('./routes/app/profile/verification'), 'VerificationRoute')],
        [paths.verificationNumber, screen(() => import('./routes/app/profile/verification-number'), 'VerificationNumberRoute')],
        [paths.verificationDocument, screen(() => import('./routes/app/profile/verification-document'), 'VerificationDocumentRoute')],
        [paths.profileSuccess, screen(() => import('./routes/app/profile/profile-success'), 'ProfileSuccessRoute')],
        [paths.profileData, screen(() => import('./routes/app/profile/data-export'), 'DataExportRoute')],
        [paths.profileDataDownload, screen(() => import('./routes/app/profile/data-download'), 'DataDownloadRoute')],
        [paths.profileClose, screen(() => import('./routes/app/profile/close-account'), 'CloseAccountRoute')],
        [paths.profilePasskeys, screen(() => import('./routes/app/profile/passkeys'), 'PasskeysRoute')],
      ]),
    ],
  },
  {
    path: paths.account,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/account/account'), 'AccountRoute') },
      ...hidden([
        [paths.updateBank, screen(() => import('./routes/app/account/update-bank'), 'UpdateBankRoute')],
        [paths.accountSuccess, screen(() => import('./routes/app/account/account-success'), 'AccountSuccessRoute')],
      ]),
    ],
  },
  {
    path: paths.giftCards,
    children: [
      {
        index: true,
        handle: { hideNav: true },
        lazy: screen(() => import('./routes/app/sellgiftcards/catalogue'), 'GiftCardCatalogueRoute'),
      },
      ...hidden([
        [paths.giftCardConfirmAccount, screen(() => import('./routes/app/sellgiftcards/confirm-account'), 'GiftCardConfirmAccountRoute')],
        [paths.giftCardSuccess, screen(() => import('./routes/app/sellgiftcards/sell-success'), 'GiftCardSellSuccessRoute')],
        [paths.giftCardSell, screen(() => import('./routes/app/sellgiftcards/sell'), 'GiftCardSellRoute')],
      ]),
    ],
  },
  {
    path: paths.crypto,
    children: [
      { index: true, handle: { hideNav: true }, lazy: screen(() => import('./routes/app/sellcrypto/catalogue'), 'CryptoCatalogueRoute') },
      ...hidden([
        [paths.cryptoCoin, screen(() => import('./routes/app/sellcrypto/sell-coin'), 'CryptoSellRoute')],
        [paths.cryptoConfirmAccount, screen(() => import('./routes/app/sellcrypto/confirm-account'), 'CryptoConfirmAccountRoute')],
        [paths.cryptoWalletAddress, screen(() => import('./routes/app/sellcrypto/wallet-address'), 'CryptoWalletAddressRoute')],
        [paths.cryptoWalletConfirm, screen(() => import('./routes/app/sellcrypto/wallet-confirm'), 'CryptoWalletConfirmRoute')],
        [paths.cryptoSuccess, screen(() => import('./routes/app/sellcrypto/sell-success'), 'CryptoSellSuccessRoute')],
      ]),
    ],
  },
  {
    path: paths.support,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/support/support'), 'SupportRoute') },
      ...hidden([[paths.liveChat, screen(() => import('./routes/app/support/live-chat'), 'LiveChatRoute')]]),
    ],
  },
  ...hidden([
    [paths.bettings, screen(() => import('./routes/app/misc/bettings'), 'BettingsRoute')],
    [paths.transport, screen(() => import('./routes/app/misc/transport'), 'TransportRoute')],
    [paths.more, screen(() => import('./routes/app/misc/more'), 'MoreRoute')],
  ]),
  // Bills with Wise Gems (docs/product.md §2): form, enterPIN?order=…, success?order=…
  ...hidden([
    [paths.airtime, screen(() => import('./routes/app/bills/airtime'), 'AirtimeRoute')],
    [paths.airtimePin, screen(() => import('./routes/app/bills/bill-pin'), 'AirtimePinRoute')],
    [paths.airtimeSuccess, screen(() => import('./routes/app/bills/bill-success'), 'AirtimeSuccessRoute')],
    [paths.data, screen(() => import('./routes/app/bills/data'), 'DataRoute')],
    [paths.dataPin, screen(() => import('./routes/app/bills/bill-pin'), 'DataPinRoute')],
    [paths.dataSuccess, screen(() => import('./routes/app/bills/bill-success'), 'DataSuccessRoute')],
    [paths.dataProvider, screen(() => import('./routes/app/bills/data'), 'DataPlansRoute')],
    [paths.tv, screen(() => import('./routes/app/bills/tv'), 'TvRoute')],
    [paths.tvPin, screen(() => import('./routes/app/bills/bill-pin'), 'TvPinRoute')],
    [paths.tvSuccess, screen(() => import('./routes/app/bills/bill-success'), 'TvSuccessRoute')],
    [paths.electricity, screen(() => import('./routes/app/bills/electricity'), 'ElectricityRoute')],
    [paths.electricityPin, screen(() => import('./routes/app/bills/bill-pin'), 'ElectricityPinRoute')],
    [paths.electricitySuccess, screen(() => import('./routes/app/bills/bill-success'), 'ElectricitySuccessRoute')],
  ]),
  {
    path: paths.earn,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/earn/earn'), 'EarnRoute') },
      {
        path: paths.earnSuccess,
        handle: { hideNav: true },
        lazy: screen(() => import('./routes/app/earn/earn-success'), 'EarnSuccessRoute'),
      },
    ],
  },
  {
    path: paths.rewards,
    children: [
      { index: true, lazy: screen(() => import('./routes/app/rewards/rewards'), 'RewardsRoute') },
      { path: paths.rewardsHistory, lazy: screen(() => import('./routes/app/rewards/rewards-history'), 'RewardsHistoryRoute') },
      {
        path: paths.rewardsSuccess,
        handle: { hideNav: true },
        lazy: screen(() => import('./routes/app/rewards/rewards-success'), 'RewardsSuccessRoute'),
      },
    ],
  },
];

/**
 * The first paint happens before a lazy screen's file has arrived: nothing is drawn until it has
 * (the HTML shell already shows the app's background). A component, not `null`, because the
 * router counts only a real fallback and otherwise warns on every cold load.
 */
function NothingYet() {
  return null;
}

/** The catch-all's loader throws a 404 for the error screen; this never draws. */
function NotFound() {
  return null;
}

export const routes: RouteObject[] = [
  // The back office (docs/decisions.md §8): desktop-first, outside the phone column, its own chunks.
  {
    path: '/admin/*',
    errorElement: <ErrorPage />,
    HydrateFallback: NothingYet,
    lazy: screen(() => import('./routes/admin/admin-app'), 'AdminApp'),
  },
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: NothingYet,
    children: [
      {
        // Errors inside a screen keep the column and show the same page.
        errorElement: <ErrorPage />,
        children: [
          ...welcomeRoutes,
          {
            lazy: screen(() => import('./routes/query-layout'), 'QueryLayout'),
            children: [
              ...publicRoutes,
              {
                lazy: screen(() => import('./routes/app/app-layout'), 'AppLayout'),
                children: authenticatedRoutes,
              },
            ],
          },
          {
            path: '*',
            Component: NotFound,
            loader: () => {
              throw new Response('', { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
