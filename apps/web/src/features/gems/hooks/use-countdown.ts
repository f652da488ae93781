import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS } from '@wise/shared';

/**
 * Milliseconds left until `targetMs` on the server's clock (this device's clock + `skewMs`),
 * re-read every second (docs/product.md §9). `null` target means nothing to count.
 */
export function useCountdown(targetMs: number | null, skewMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (targetMs === null) return;
    const id = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [targetMs]);
  return targetMs === null ? null : Math.max(0, targetMs - (now + skewMs));
}
