import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import './root-layout.css';

/** The centred phone-width column every screen lives in, with a thin bar while a screen loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="app-column">
      {navigation.state === 'loading' ? <div className="route-progress" role="progressbar" aria-label="Loading" /> : null}
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}
