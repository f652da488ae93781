import { useEffect } from 'react';
import { collectButtonTexts, formatCountdown, gemMessages } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { useTexts } from '#web/lib/i18n';
import { useCountdown } from '../hooks/use-countdown';

interface CollectButtonProps {
  collectedToday: boolean;
  /** When today ends on the server's clock (ISO). */
  nextResetAt: string;
  clockSkewMs: number;
  busy: boolean;
  onCollect: () => void;
  /** Called once today is over (the countdown reached zero), to ask the server again. */
  onDayOver: () => void;
}

/**
 * 'Collect Wise Gems', or after today's collection a disabled 'Come back in HH:MM:SS' counting
 * down to midnight in APP_TIMEZONE, refreshed every second (docs/product.md §4).
 */
export function CollectButton({ collectedToday, nextResetAt, clockSkewMs, busy, onCollect, onDayOver }: CollectButtonProps) {
  const t = useTexts(collectButtonTexts);
  const messages = useTexts(gemMessages);
  const remainingMs = useCountdown(collectedToday ? Date.parse(nextResetAt) : null, clockSkewMs);
  const dayOver = remainingMs !== null && remainingMs <= 0;

  useEffect(() => {
    if (dayOver) onDayOver();
  }, [dayOver, onDayOver]);

  if (collectedToday && !dayOver && remainingMs !== null) {
    return (
      <Button disabled className="gem-collect gem-collect--waiting">
        <span className="gem-collect__countdown">{t.comeBack(formatCountdown(remainingMs))}</span>
      </Button>
    );
  }
  return (
    <Button className="gem-collect" busy={busy} busyLabel={t.collecting} onClick={onCollect} disabled={collectedToday}>
      {messages.collectButton}
    </Button>
  );
}
