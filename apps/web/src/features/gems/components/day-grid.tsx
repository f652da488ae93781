import { Check } from 'lucide-react';
import { GemGlyph } from '../../../components/ui/art/gem';
import { Skeleton } from '../../../components/ui/skeleton';
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

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The week's seven gem cards (docs/product.md §2 /earn): collected days filled in gem green. */
export function DayGrid({ days, today }: DayGridProps) {
  return (
    <ol className="gem-days" aria-label="This week's Wise Gems">
      {days.map(({ day, amount, collected }) => {
        const state = collected ? 'collected' : day === today ? 'today' : day < today ? 'missed' : 'upcoming';
        const name = WEEKDAY_NAMES[day - 1] ?? `Day ${day}`;
        const status = collected ? 'collected' : day === today ? 'today, not collected yet' : day < today ? 'not collected' : 'coming up';
        return (
          <li
            key={day}
            className={`gem-day gem-day--${state}${day === 7 ? ' gem-day--wide' : ''}`}
            aria-label={`Day ${day}, ${name}: +${amount} gems, ${status}`}
            data-state={state}
            data-testid={`gem-day-${day}`}
          >
            <span className="gem-day__head">
              <span className="gem-day__label">Day {day}</span>
              {day === today ? <span className="gem-day__today">Today</span> : null}
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
            {day === 7 ? <span className="gem-day__note">Sunday bonus</span> : null}
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
