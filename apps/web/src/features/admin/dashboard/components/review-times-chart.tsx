import { useState } from 'react';
import type { ReviewTimesDay } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useReviewTimes } from '../api/get-review-times';
import './review-times-chart.css';

const W = 560;
const H = 160;
const PAD = { left: 56, right: 8, top: 8, bottom: 20 };

type Series = { key: keyof ReviewTimesDay; label: string; className: string };
const SERIES: Series[] = [
  { key: 'decision_p50_s', label: 'Decision, median', className: 'rt-line rt-line--decision' },
  { key: 'decision_p90_s', label: 'Decision, p90', className: 'rt-line rt-line--decision rt-line--p90' },
  { key: 'paid_p50_s', label: 'Paid, median', className: 'rt-line rt-line--paid' },
  { key: 'paid_p90_s', label: 'Paid, p90', className: 'rt-line rt-line--paid rt-line--p90' },
];

const minutes = (seconds: number) =>
  seconds < 600
    ? `${(seconds / 60).toFixed(1)} min`
    : seconds < 7200
      ? `${Math.round(seconds / 60)} min`
      : `${(seconds / 3600).toFixed(1)} h`;

/** Time to decision and to paid per day (median and p90), as a light SVG chart with a table for screen readers. */
export function ReviewTimesChart() {
  const [days, setDays] = useState<14 | 30>(14);
  const times = useReviewTimes(days);
  const toggle = (
    <div className="rt-toggle" role="group" aria-label="Period">
      {([14, 30] as const).map((n) => (
        <button key={n} type="button" aria-pressed={days === n} onClick={() => setDays(n)}>
          {n} days
        </button>
      ))}
    </div>
  );
  return (
    <Panel title="Time to decision and to paid" actions={toggle} className="rt-panel">
      {times.isError ? (
        <FetchError message="Couldn't load the review times" onRetry={() => void times.refetch()} retrying={times.isFetching} />
      ) : !times.data ? (
        <Skeleton height={H} width="100%" />
      ) : (
        <>
          <TimesChart list={times.data.days} days={days} />
          <TimesTable list={times.data.days} />
        </>
      )}
    </Panel>
  );
}

/** The four series as lines over the days, with a scale in minutes or hours, and their legend. */
function TimesChart({ list, days }: { list: ReviewTimesDay[]; days: number }) {
  const values = list.flatMap((day) => SERIES.map((s) => day[s.key])).filter((v): v is number => typeof v === 'number');
  const max = Math.max(60, ...values);
  const x = (index: number) => PAD.left + (index * (W - PAD.left - PAD.right)) / Math.max(1, list.length - 1);
  const y = (value: number) => PAD.top + (1 - value / max) * (H - PAD.top - PAD.bottom);
  const path = (key: keyof ReviewTimesDay) => {
    let d = '';
    let pen = false;
    list.forEach((day, index) => {
      const value = day[key];
      if (typeof value !== 'number') {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)} `;
      pen = true;
    });
    return d.trim();
  };
  return (
    <>
      <svg
        className="rt-chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Median and 90th percentile per day, last ${days} days; the table below has the figures`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line className="rt-grid" x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} />
            <text className="rt-axis" x={PAD.left - 4} y={y(max * f) + 4} textAnchor="end">
              {minutes(max * f)}
            </text>
          </g>
        ))}
        {list.map((day, index) =>
          index % Math.ceil(list.length / 7) === 0 ? (
            <text key={day.date} className="rt-axis" x={x(index)} y={H - 4} textAnchor="middle">
              {day.date.slice(5)}
            </text>
          ) : null,
        )}
        {SERIES.map((s) => (
          <path key={s.key} className={s.className} d={path(s.key)} />
        ))}
      </svg>
      <ul className="rt-legend">
        {SERIES.map((s) => (
          <li key={s.key}>
            <span className={`rt-swatch ${s.className}`} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The same figures for screen readers. */
function TimesTable({ list }: { list: ReviewTimesDay[] }) {
  return (
    <table className="visually-hidden">
      <caption>Review times per day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Decided</th>
          <th scope="col">Decision median</th>
          <th scope="col">Decision p90</th>
          <th scope="col">Paid</th>
          <th scope="col">Paid median</th>
          <th scope="col">Paid p90</th>
        </tr>
      </thead>
      <tbody>
        {list.map((day) => (
          <tr key={day.date}>
            <th scope="row">{day.date}</th>
            <td>{day.decided}</td>
            <td>{day.decision_p50_s === null ? '—' : minutes(day.decision_p50_s)}</td>
            <td>{day.decision_p90_s === null ? '—' : minutes(day.decision_p90_s)}</td>
            <td>{day.paid}</td>
            <td>{day.paid_p50_s === null ? '—' : minutes(day.paid_p50_s)}</td>
            <td>{day.paid_p90_s === null ? '—' : minutes(day.paid_p90_s)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
