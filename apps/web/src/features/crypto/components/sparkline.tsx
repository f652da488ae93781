/** Enough points for a 72 px line: more only adds bytes to the page. */
const POINTS_MAX = 48;
const WIDTH = 72;
const HEIGHT = 28;
const PAD = 2;

/** Every n-th point, always keeping the last (the price now). */
function thin(values: readonly number[]): number[] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length <= POINTS_MAX) return finite;
  const step = (finite.length - 1) / (POINTS_MAX - 1);
  return Array.from({ length: POINTS_MAX }, (_, i) => finite[Math.round(i * step)] ?? 0);
}

/** The points of a line through `values`, scaled into the box (a flat line through the middle when nothing moves). */
export function sparklinePoints(values: readonly number[]): string {
  const points = thin(values);
  if (points.length < 2) return '';
  const min = Math.min(...points);
  const max = Math.max(...points);
  const span = max - min;
  const stepX = WIDTH / (points.length - 1);
  return points
    .map((v, i) => {
      const y = span === 0 ? HEIGHT / 2 : PAD + (1 - (v - min) / span) * (HEIGHT - 2 * PAD);
      return `${(i * stepX).toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The 7-day price line, drawn by us from `sparkline_7d` (display only; the numbers are shown
 * beside it, so the drawing is hidden from screen readers). Green when the week ended higher.
 */
export function Sparkline({ values }: { values: readonly number[] }) {
  const points = sparklinePoints(values);
  const finite = values.filter((v) => Number.isFinite(v));
  const rising = (finite[finite.length - 1] ?? 0) >= (finite[0] ?? 0);
  return (
    <svg className="sparkline" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      {points ? (
        <polyline
          points={points}
          fill="none"
          stroke={rising ? 'var(--c-success)' : 'var(--c-danger)'}
          strokeWidth="1.6"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ) : null}
    </svg>
  );
}
