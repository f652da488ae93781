import { Workbox } from 'workbox-window';
import { pwaStore } from './pwa-store';

/**
 * Registers the service worker (src/sw.ts, served as /sw.js). Loaded only after the first screen
 * has settled (see ./index.tsx), so neither this module nor workbox-window is part of what a
 * screen downloads before it is interactive.
 *
 * Updates wait for the customer: when a new worker is installed and waiting, the prompt offers
 * "Update"; tapping it tells the worker to take over, and the page reloads once it controls it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    pwaStore.set({
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  try {
    await wb.register();
  } catch {
    // A browser that refuses workers (private mode, blocked by policy) still runs the app online.
  }
}
