import { useEffect, useState, type ReactNode } from 'react';
import { PITCH_ROTATION_MS, RATES_LINK_TEXT } from '@wise/shared';
import { CryptoPitchArt, GiftCardPitchArt } from '../../components/ui/art/pitch-art';
import { Logo } from '../../components/ui/art/logo';
import { LinkButton } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { authStorage } from '../../lib/auth-storage';
import './landing.css';

interface Pitch {
  title: string;
  text: string;
  art: ReactNode;
}

const pitches: readonly Pitch[] = [
  {
    title: 'Easy way to invest in cryptocurrency',
    text: 'Trade all your crypto easily and fast in the market',
    art: <CryptoPitchArt />,
  },
  {
    title: 'Convenient & Secure Gift Card Trading',
    text: 'Just enjoy trading giftcards',
    art: <GiftCardPitchArt />,
  },
];

/** Landing (/home): the two pitches alternate every 5 s, starting with the first (docs/product.md §1). */
export function LandingRoute() {
  const [current, setCurrent] = useState(0);
  const loggedIn = authStorage.isLoggedIn();

  // Restarts on every change, so a tap on a dot gives that pitch its full five seconds.
  useEffect(() => {
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % pitches.length), PITCH_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  return (
    <main className="landing">
      <title>Wise · Sell gift cards and crypto</title>
      <header className="landing__top">
        <Logo size={28} />
      </header>
      <div className="landing__pitches">
        {pitches.map((pitch, index) => (
          <section
            key={pitch.title}
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
      <div className="landing__dots" role="group" aria-label="Choose a slide">
        {pitches.map((pitch, index) => (
          <button
            key={pitch.title}
            type="button"
            className={index === current ? 'dot dot--active' : 'dot'}
            aria-label={`Slide ${index + 1} of ${pitches.length}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
      <div className="landing__actions">
        {loggedIn ? (
          <LinkButton to={paths.homepage} variant="secondary">
            Go to my dashboard
          </LinkButton>
        ) : null}
        <LinkButton to={paths.createAccount}>Create an account</LinkButton>
        <LinkButton to={paths.login} variant="link" className="landing__login">
          I have an account. Login
        </LinkButton>
        <LinkButton to={paths.rates} variant="link" className="landing__rates">
          {RATES_LINK_TEXT}
        </LinkButton>
      </div>
    </main>
  );
}
