import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SPLASH_MS, splashTexts } from '@wise/shared';
import { Ellipses, SplashArt } from '#web/components/ui/art/splash-art';
import { paths } from '#web/config/paths';
import './splash.css';
import { useTexts } from '#web/lib/i18n';

/** Splash (docs/product.md §2): the main image over ellipses, then /home after 3 s; leaving early cancels it. */
export function SplashRoute() {
  const navigate = useNavigate();
  const t = useTexts(splashTexts);
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(paths.home, { replace: true }), SPLASH_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <main className="splash">
      <title>Wise</title>
      <Ellipses />
      <div className="splash__content">
        <SplashArt />
        <p className="splash__name">Wise</p>
        <p className="splash__tagline">{t.tagline}</p>
      </div>
    </main>
  );
}
