import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The installable app's UI (offline banner, update prompt) and the service-worker registration,
 * fetched only once the first screen has settled: after `load`, an idle moment and a short pause,
 * so they never count against a screen's JavaScript budget nor compete with its own requests.
 */
const PwaStatus = lazy(() => import('./pwa-status').then((module) => ({ default: module.PwaStatus })));

const SETTLE_PAUSE_MS = 2500;

function afterSettled(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    const later = () => {
      timer = setTimeout(run, SETTLE_PAUSE_MS);
    };
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(later, { timeout: 5000 });
    else later();
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function InstallableApp() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterSettled(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <PwaStatus />
    </Suspense>
  ) : null;
}
