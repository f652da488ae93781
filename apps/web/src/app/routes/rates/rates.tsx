import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { rateTexts, type RatesCard, type RatesCoin, type RatesResponse } from '@wise/shared';
import { paths } from '#web/config/paths';
import { useRates } from '#web/features/rates/api/get-rates';
import { authStorage } from '#web/lib/auth-storage';
import { useTexts } from '#web/lib/i18n';
import { RatesCalculator } from './rates-calculator';
// The design system's classes without its component modules (screen, skeleton, button): each file is
// a request and bytes this first screen cannot spare; the markup below is theirs.
import '#web/components/ui/button.css';
import '#web/components/ui/layout.css';
import '#web/components/ui/list.css';
import '#web/features/rates/components/rates.css';

/** The alerts bring the query library and their form: only a signed-in customer downloads them. */
const RateAlertsPanel = lazy(() =>
  import('#web/features/rates/components/rate-alerts-panel').then((m) => ({ default: m.RateAlertsPanel })),
);

/**
 * /rates (docs/features.md, "Rates and alerts"; an addition to docs/product.md §2): today's rates for visitors
 * and customers alike — every gift-card sub-category's rate and band, the four coins' naira
 * prices, a calculator — and, with a session, the customer's rate alerts. The server sends this
 * page's title, description and Open Graph tags itself, so a shared link previews it.
 *
 * A first screen for visitors from search and shared links, held to the landing screen's
 * JavaScript budget (docs/PERFORMANCE.md): no query library, no icon set (the back arrow and the
 * chevron are drawn inline), figures written by the server, the calculator's arithmetic fetched at
 * its first tap.
 */
export function RatesRoute() {
  const t = useTexts(rateTexts);
  const rates = useRates();
  const loggedIn = authStorage.isLoggedIn();

  return (
    <main className="screen">
      <RatesHeader backTo={loggedIn ? paths.homepage : paths.home} t={t} />
      <div className="screen__body">
        <title>{t.title}</title>
        <div className="rates-intro">
          <h1 className="rates-intro__title">{t.heading}</h1>
          <p className="rates-intro__text">{t.intro}</p>
        </div>

        {rates.status === 'pending' ? (
          <div className="rates-loading" aria-busy="true" aria-label={t.loading}>
            <span className="skeleton" style={{ width: '100%', height: 260, borderRadius: 12 }} aria-hidden="true" />
            <span className="skeleton" style={{ width: '100%', height: 300, borderRadius: 12 }} aria-hidden="true" />
          </div>
        ) : rates.status === 'error' ? (
          <div className="rates-error" role="alert">
            <p>{t.loadFailed}</p>
            <button type="button" className="btn btn--secondary" onClick={rates.refetch} disabled={rates.retrying}>
              {t.retry}
            </button>
          </div>
        ) : (
          <>
            <RatesCalculator cards={rates.data.cards} coins={rates.data.coins} t={t} />

            {/* Where a visitor decides: right after the figures they came to compare, not at the page's end. */}
            <AlertsSection loggedIn={loggedIn} cards={rates.data.cards} coins={rates.data.coins} t={t} />

            <CoinRates rates={rates.data} t={t} />

            <GiftCardRates cards={rates.data.cards} t={t} />
          </>
        )}

        <div className="screen__actions">
          {loggedIn ? (
            <Link to={paths.giftCards} className="btn btn--primary">
              {t.sellCta}
            </Link>
          ) : (
            <Link to={paths.createAccount} className="btn btn--primary">
              {t.signUpCta}
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}

/** The back arrow is drawn inline: this first screen loads no icon set. */
function RatesHeader({ backTo, t }: { backTo: string; t: typeof rateTexts }) {
  return (
    <header className="header">
      <Link to={backTo} className="icon-button" aria-label={t.back}>
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m12 19-7-7 7-7" />
          <path d="M19 12H5" />
        </svg>
      </Link>
      <p className="header__title">{t.header}</p>
    </header>
  );
}

/** A customer's alerts, loaded only for them; a visitor is asked to log in. */
function AlertsSection({
  loggedIn,
  cards,
  coins,
  t,
}: {
  loggedIn: boolean;
  cards: readonly RatesCard[];
  coins: readonly RatesCoin[];
  t: typeof rateTexts;
}) {
  if (loggedIn)
    return (
      <Suspense fallback={<span className="skeleton" style={{ width: '100%', height: 240, borderRadius: 12 }} aria-hidden="true" />}>
        <RateAlertsPanel cards={cards} coins={coins} />
      </Suspense>
    );
  return (
    <section className="rates-section" aria-labelledby="rate-alerts-heading">
      <h2 id="rate-alerts-heading" className="rates-section__title">
        {t.alertsHeading}
      </h2>
      <p className="rates-section__intro">{t.alertsLoggedOut}</p>
      <Link to={paths.login} className="btn btn--secondary">
        {t.logIn}
      </Link>
    </section>
  );
}

/** The coins' naira prices, with a note when they are missing or stale. */
function CoinRates({ rates, t }: { rates: RatesResponse; t: typeof rateTexts }) {
  return (
    <section className="rates-section" aria-labelledby="rates-coins-heading">
      <h2 id="rates-coins-heading" className="rates-section__title">
        {t.coinsHeading}
      </h2>
      {rates.coins.length === 0 || rates.coins_stale ? <p className="rates-note">{t.coinsUnavailable}</p> : null}
      {rates.coins.length ? (
        <ul className="list">
          {rates.coins.map((coin) => (
            <li key={coin.id} className="list__row rates-coin-row" data-testid={`rate-coin-${coin.id}`}>
              <img className="rates-coin" src={coin.image_url} alt="" width={40} height={40} />
              <span className="list__main">
                <span className="list__title">{coin.title}</span>
                <span className="list__sub rates-sub">{coin.rate_text}</span>
              </span>
              <span className="rates-amount">
                {coin.price_text}
                <span className="rates-amount__unit">{t.perCoin}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Each card's sub-categories with their band and rate. */
function GiftCardRates({ cards, t }: { cards: readonly RatesCard[]; t: typeof rateTexts }) {
  return (
    <section className="rates-section" aria-labelledby="rates-cards-heading">
      <h2 id="rates-cards-heading" className="rates-section__title">
        {t.giftCardsHeading}
      </h2>
      {cards.map((card) => (
        <div key={card.slug} className="rates-card">
          <h3 className="rates-card__name">
            <span className="rates-card__swatch" style={{ background: card.brand_color }} aria-hidden="true" />
            {card.name}
          </h3>
          <ul className="list">
            {card.subcategories.map((sub) => (
              <li key={sub.id} className="list__row" data-testid="rate-subcategory">
                <span className="list__main">
                  <span className="list__title">
                    {sub.country} {sub.kind === 'ecode' ? t.ecode : t.physical}
                  </span>
                  <span className="list__sub rates-sub">{sub.range_text}</span>
                </span>
                <span className="rates-amount">{sub.rate_text}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
