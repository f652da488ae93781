import { RouterProvider } from 'react-router';
import { sessionMessages } from '@wise/shared';
import { ToastHost, toastError } from '../components/ui/toast';
import { paths } from '../config/paths';
import { InstallableApp } from '../features/pwa/index';
import { authStorage } from '../lib/auth-storage';
import { setUnauthorizedHandler } from '../lib/unauthorized';
import { router } from './router';

// A 401 UNAUTHENTICATED means the server session is gone: forget the local one too (docs/product.md §4).
setUnauthorizedHandler(() => {
  const wasLoggedIn = authStorage.isLoggedIn();
  authStorage.clear();
  // Loaded on demand: the query library is not part of the first screens' JavaScript.
  void import('../lib/query-client').then(({ queryClient }) => queryClient.clear());
  if (wasLoggedIn) toastError(sessionMessages.sessionExpired);
  void router.navigate(paths.home, { replace: true });
});

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
      <InstallableApp />
    </>
  );
}
