import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewTimes } from '@wise/shared/admin';
import { stubFetch } from '#web/testing/render';
import { ReviewTimesChart } from './review-times-chart';

/** The review times panel: a line per series that breaks on a day without figures, and the same figures as a table. */

const times: ReviewTimes = {
  time_zone: 'Africa/Lagos',
  days: [
    { date: '2026-11-20', decided: 4, decision_p50_s: 120, decision_p90_s: 900, paid: 3, paid_p50_s: 600, paid_p90_s: 7200 },
    { date: '2026-11-21', decided: 0, decision_p50_s: null, decision_p90_s: null, paid: 0, paid_p50_s: null, paid_p90_s: null },
    { date: '2026-11-22', decided: 2, decision_p50_s: 300, decision_p90_s: 1200, paid: 2, paid_p50_s: 900, paid_p90_s: 1800 },
  ],
};

function renderChart() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ReviewTimesChart />
    </QueryClientProvider>,
  );
}

describe('the review times chart', () => {
  it('draws each series with a gap on a day without figures, and lists the figures for screen readers', async () => {
    stubFetch({ status: 200, body: times });
    renderChart();
    const chart = await screen.findByRole('img', { name: /last 14 days/ });
    const paths = [...chart.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
    expect(paths).toHaveLength(4);
    // Two separate strokes around the empty middle day, not one line through it.
    for (const d of paths) expect(d.match(/M/g)).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Decision, median',
      'Decision, p90',
      'Paid, median',
      'Paid, p90',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Review times per day' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['2026-11-20', '4', '2.0 min', '15 min', '3', '10 min', '2.0 h'],
      ['2026-11-21', '0', '—', '—', '0', '—', '—'],
      ['2026-11-22', '2', '5.0 min', '20 min', '2', '15 min', '30 min'],
    ]);
  });

  it('offers a retry when the times cannot be loaded', async () => {
    stubFetch({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down' } } });
    renderChart();
    expect(await screen.findByText("Couldn't load the review times")).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
