import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import './root-layout.css';
import { routeProgressTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';

/** The centred phone-width column every screen lives in, with a thin bar while a screen loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const t = useTexts(routeProgressTexts);
  return (
    <div className="app-column">
      {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label={t.loading} /> : null}
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
