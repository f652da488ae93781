import { useEffect, useState } from 'react';
import { COUNTDOWN_REFRESH_MS } from '@wise/shared';

/** Milliseconds left until `targetMs` (this device's clock), re-read every second; null when there is nothing to count. */
export function useCountdown(targetMs: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (targetMs === null) return;
    const id = window.setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => window.clearInterval(id);
  }, [targetMs]);
  return targetMs === null ? null : Math.max(0, targetMs - now);
}

/** `mm:ss` (minutes keep counting past 59: a quote lasts minutes, not hours). */
export function formatMinutesSeconds(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
