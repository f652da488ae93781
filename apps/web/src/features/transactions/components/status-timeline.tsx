import { Check, Circle, X } from 'lucide-react';
import { statusTimelineTexts, type SaleDetail, type SaleTimelineStatus } from '@wise/shared';
import { DateTime } from '#web/components/ui/date-time';
import { useTexts } from '#web/lib/i18n';
import './transactions.css';

interface Step {
  status: SaleTimelineStatus;
  at?: string;
}

/**
 * What happened and what comes next: submitted, under review, then paid or rejected. Steps not
 * reached yet are shown without a time, so a pending sale shows where it is on its way.
 */
export function timelineSteps(sale: Pick<SaleDetail, 'status' | 'timeline'>): Step[] {
  const steps: Step[] = sale.timeline.map((entry) => ({ status: entry.status, at: entry.at }));
  if (sale.status !== 'pending') return steps;
  const reached = new Set(steps.map((step) => step.status));
  for (const status of ['submitted', 'under_review', 'paid'] as const) {
    if (!reached.has(status)) steps.push({ status });
  }
  return steps;
}

export function StatusTimeline({ sale }: { sale: Pick<SaleDetail, 'status' | 'timeline'> }) {
  const t = useTexts(statusTimelineTexts);
  const steps = timelineSteps(sale);
  return (
    <ol className="timeline" aria-label={t.label}>
      {steps.map((step) => {
        const state = !step.at ? 'upcoming' : step.status === 'rejected' ? 'rejected' : 'done';
        return (
          <li key={step.status} className={`timeline__step timeline__step--${state}`} data-state={state}>
            <span className="timeline__dot" aria-hidden="true">
              {state === 'done' ? (
                <Check size={14} strokeWidth={3} />
              ) : state === 'rejected' ? (
                <X size={14} strokeWidth={3} />
              ) : (
                <Circle size={8} />
              )}
            </span>
            <span className="timeline__text">
              <span className="timeline__label">{t[step.status]}</span>
              {step.at ? <DateTime className="timeline__time" iso={step.at} /> : <span className="timeline__time">{t.notYet}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
