import type { ReactNode } from 'react';
import './progress-bar.css';

interface ProgressBarProps {
  /** 0-1; undefined while the total is unknown (the bar then pulses). */
  fraction: number | undefined;
  /** What is progressing, e.g. "Uploading images". */
  label: ReactNode;
  /** Shown after the label instead of the percentage, e.g. "Checking images...". */
  status?: ReactNode;
  /** e.g. a Cancel button. */
  action?: ReactNode;
}

/** A labelled progress bar with its percentage (uploads on slow networks). */
export function ProgressBar({ fraction, label, status, action }: ProgressBarProps) {
  const percent = fraction === undefined ? undefined : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="progress" data-testid="upload-progress">
      <div className="progress__top">
        <span className="progress__label">{label}</span>
        <span className="progress__value tabular" aria-hidden="true">
          {status ?? (percent === undefined ? '' : `${percent}%`)}
        </span>
      </div>
      <div
        className={percent === undefined ? 'progress__track progress__track--unknown' : 'progress__track'}
        role="progressbar"
        aria-label={typeof label === 'string' ? label : undefined}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={percent === undefined ? undefined : `${percent}%`}
      >
        <span className="progress__fill" style={{ width: `${percent ?? 100}%` }} />
      </div>
      {action ? <div className="progress__action">{action}</div> : null}
    </div>
  );
}
