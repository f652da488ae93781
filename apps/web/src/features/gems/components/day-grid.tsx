import { Check } from 'lucide-react';
import { dayGridTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Skeleton } from '#web/components/ui/skeleton';
import { useTexts } from '#web/lib/i18n';
import './gems.css';

export interface GemDayCard {
  day: number;
  amount: number;
  collected: boolean;
}

interface DayGridProps {
  days: GemDayCard[];
  today: number;
}

/** The week's seven gem cards (docs/product.md §2 /earn): collected days filled in gem green. */
export function DayGrid({ days, today }: DayGridProps) {
  const t = useTexts(dayGridTexts);
  return (
    <ol className="gem-days" aria-label={t.label}>
      {days.map(({ day, amount, collected }) => {
        const state = collected ? 'collected' : day === today ? 'today' : day < today ? 'missed' : 'upcoming';
        const name = t.weekdays[day - 1] ?? t.day(day);
        const status = t.status[state];
        return (
          <li
            key={day}
            className={`gem-day gem-day--${state}${day === 7 ? ' gem-day--wide' : ''}`}
            aria-label={t.card(day, name, amount, status)}
            data-state={state}
            data-testid={`gem-day-${day}`}
          >
            <span className="gem-day__head">
              <span className="gem-day__label">{t.day(day)}</span>
              {day === today ? <span className="gem-day__today">{t.today}</span> : null}
            </span>
            <span className="gem-day__gem">
              <GemGlyph size={day === 7 ? 36 : 28} />
              {collected ? (
                <span className="gem-day__check">
                  <Check size={12} strokeWidth={3} aria-hidden="true" />
                </span>
              ) : null}
            </span>
            <span className="gem-day__amount">+{amount}</span>
            {day === 7 ? <span className="gem-day__note">{t.sundayBonus}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function DayGridSkeleton() {
  return (
    <div className="gem-days" aria-hidden="true">
      {[1, 2, 3, 4, 5, 6, 7].map((day) => (
        <Skeleton key={day} height={day === 7 ? 88 : 104} radius={12} className={day === 7 ? 'gem-day--wide' : undefined} />
      ))}
    </div>
  );
}
