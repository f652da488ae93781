import { useEffect, useState, type ReactNode } from 'react';
import { landingTexts, PITCH_ROTATION_MS, RATES_LINK_TEXT } from '@wise/shared';
import { CryptoPitchArt, GiftCardPitchArt } from '#web/components/ui/art/pitch-art';
import { Logo } from '#web/components/ui/art/logo';
import { LinkButton } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { authStorage } from '#web/lib/auth-storage';
import './landing.css';
import { useTexts, useTranslate } from '#web/lib/i18n';

interface Pitch {
  title: string;
  text: string;
  art: ReactNode;
}

const pitchesIn = (t: typeof landingTexts): readonly Pitch[] => [
  { title: t.cryptoTitle, text: t.cryptoText, art: <CryptoPitchArt /> },
  { title: t.cardsTitle, text: t.cardsText, art: <GiftCardPitchArt /> },
];
const PITCH_COUNT = 2;

/** Landing (/home): the two pitches alternate every 5 s, starting with the first (docs/product.md §1). */
export function LandingRoute() {
  const [current, setCurrent] = useState(0);
  const loggedIn = authStorage.isLoggedIn();
  const t = useTexts(landingTexts);
  const pitches = pitchesIn(t);
  const translate = useTranslate();

  // Restarts on every change, so a tap on a dot gives that pitch its full five seconds.
  useEffect(() => {
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % PITCH_COUNT), PITCH_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  return (
    <main className="landing">
      <title>{t.documentTitle}</title>
      <header className="landing__top">
        <Logo size={28} />
      </header>
      <div className="landing__pitches">
        {pitches.map((pitch, index) => (
          <section
            key={index}
            className={index === current ? 'pitch pitch--active' : 'pitch'}
            aria-hidden={index !== current}
            data-testid={`pitch-${index + 1}`}
          >
            <div className="pitch__art">{pitch.art}</div>
            <h1 className="pitch__title">{pitch.title}</h1>
            <p className="pitch__text">{pitch.text}</p>
          </section>
        ))}
      </div>
      <div className="landing__dots" role="group" aria-label={t.slides}>
        {pitches.map((pitch, index) => (
          <button
            key={index}
            type="button"
            className={index === current ? 'dot dot--active' : 'dot'}
            aria-label={t.slide(index + 1, pitches.length)}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
      <div className="landing__actions">
        {loggedIn ? (
          <LinkButton to={paths.homepage} variant="secondary">
            {t.dashboard}
          </LinkButton>
        ) : null}
        <LinkButton to={paths.createAccount}>{t.createAccount}</LinkButton>
        <LinkButton to={paths.login} variant="link" className="landing__login">
          {t.login}
        </LinkButton>
        <LinkButton to={paths.rates} variant="link" className="landing__rates">
          {translate(RATES_LINK_TEXT)}
        </LinkButton>
      </div>
    </main>
  );
}
