import { useEffect, useState, useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import { pwaTexts as englishPwaTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { useTexts } from '#web/lib/i18n';
import { pwaStore } from './pwa-store';
import './pwa-status.css';

/**
 * The offline banner and the new-version prompt, over every screen. Offline, the shell and the
 * screens still open (the service worker has them) but nothing personal is cached, so each screen
 * shows its own fetch error under this banner; Retry asks the server and, once it answers, lets the
 * screens fetch again.
 */
export function PwaStatus() {
  const { online, applyUpdate } = useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
  const [checking, setChecking] = useState(false);
  const pwaTexts = useTexts(englishPwaTexts);
  const [updateDismissed, setUpdateDismissed] = useState(false);

  useEffect(() => {
    const update = () => pwaStore.set({ online: navigator.onLine });
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    void import('./register').then(({ registerServiceWorker }) => registerServiceWorker());
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  const retry = async () => {
    setChecking(true);
    try {
      // /api is never answered by the service worker: a reply means the server is reachable.
      const response = await fetch('/api/app-info', { cache: 'no-store' });
      if (response.ok) {
        pwaStore.set({ online: true });
        const { queryClient } = await import('#web/lib/query-client');
        await queryClient.refetchQueries({ type: 'active' });
      }
    } catch {
      pwaStore.set({ online: false });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      {online ? null : (
        <div className="pwa-offline" role="status" aria-live="polite">
          <WifiOff size={20} aria-hidden="true" />
          <p className="pwa-offline__text">
            <span className="pwa-offline__title">{pwaTexts.offlineTitle}</span>
            {pwaTexts.offlineBody}
          </p>
          <Button variant="secondary" onClick={() => void retry()} busy={checking} busyLabel={pwaTexts.offlineRetry}>
            {pwaTexts.offlineRetry}
          </Button>
        </div>
      )}
      {applyUpdate && !updateDismissed ? (
        <div className="pwa-update" role="status" aria-live="polite">
          <p className="pwa-update__text">{pwaTexts.updateAvailable}</p>
          <Button variant="link" onClick={() => setUpdateDismissed(true)}>
            {pwaTexts.updateDismiss}
          </Button>
          <Button onClick={applyUpdate}>{pwaTexts.updateAction}</Button>
        </div>
      ) : null}
    </>
  );
}
