import { useEffect, useState } from 'react';
import { pwaTexts } from '@wise/shared';
import { mayReloadForNewVersion, reloadOnceForNewVersion } from '#web/lib/chunk-reload';
import { useTexts } from '#web/lib/i18n';

/**
 * What a screen whose files are gone shows (lib/chunk-reload.ts): part of the entry chunk with its
 * styles in tokens.css, so it draws even when no lazily loaded file can arrive. It first reloads
 * the page once by itself, at this address (the one the customer was going to); when that did not
 * help, "Update" reloads on request.
 */
export function NewVersionPrompt() {
  const [reloading] = useState(() => mayReloadForNewVersion());
  const t = useTexts(pwaTexts);
  useEffect(() => {
    if (reloading) reloadOnceForNewVersion();
  }, [reloading]);
  if (reloading) return null;
  return (
    <main className="new-version" id="new-version">
      <title>Wise</title>
      <h1 className="new-version__title">{t.updateAvailable}</h1>
      <button type="button" className="new-version__action" onClick={() => window.location.reload()}>
        {t.updateAction}
      </button>
    </main>
  );
}
