import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReconciliationOverview, ReconciliationRun } from '@wise/shared/admin';
import { renderRoutes, routeFetch } from '#web/testing/render';
import { ReconciliationView } from './reconciliation-view';

/** The Reconciliation page's body: floats, held payouts, open mismatches to resolve, and runs. */

const run: ReconciliationRun = {
  id: 3,
  provider_kind: 'payouts',
  business_date: '2026-11-21',
  trigger: 'schedule',
  requested_by: null,
  started_at: '2026-11-22T01:00:00.000Z',
  finished_at: '2026-11-22T01:00:05.000Z',
  outcome: 'completed',
  ours_count: 12,
  theirs_count: 13,
  unchecked_count: 0,
  mismatch_count: 1,
  error: null,
};

const overview: ReconciliationOverview = {
  runs: [run],
  open_mismatches: [
    {
      id: 7,
      run_id: 3,
      provider_kind: 'payouts',
      kind: 'missing_at_ours',
      reference: 'TRF_XYZ',
      ours: null,
      theirs: { amount: 500000 },
      detected_at: '2026-11-22T01:00:05.000Z',
      resolved_by: null,
      resolved_at: null,
      note: null,
    },
  ],
  floats: [
    { provider_kind: 'payouts', available_kobo: 1_250_000_000, alert_below_kobo: 500_000_000, error: null, checked_at: null },
    { provider_kind: 'bills', available_kobo: null, alert_below_kobo: 10_000_000, error: 'timeout', checked_at: null },
  ],
  held_payouts: [
    {
      id: 'p1',
      sale_id: 's1',
      reference: 'wpo_held_a1',
      amount_kobo: 5_900_000,
      hold: 'waiting_for_funds',
      held_at: '2026-11-22T08:00:00.000Z',
    },
  ],
};

const json = (body: unknown) => () => ({ status: 200, body });
/** A panel, by its heading. */
const panel = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('ReconciliationView', () => {
  it('shows the floats, held payouts, mismatches and runs; resolving takes a note and the code', async () => {
    const bodies: unknown[] = [];
    const calls = routeFetch({
      'GET /api/admin/reconciliation': json(overview),
      'GET /api/admin/auth/passkeys': json({ passkeys: [] }),
      'POST /api/admin/reconciliation/mismatches/7/resolve': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 500, body: { error: 'stop here' } };
      },
    });
    const { user } = renderRoutes([{ path: '/', Component: ReconciliationView }]);

    await screen.findByRole('heading', { name: 'Floats' });
    const floats = panel('Floats');
    expect(floats.textContent).toContain('₦12,500,000.00 · alert below ₦5,000,000.00');
    expect(floats.textContent).toContain('Unknown (timeout)');
    const held = panel('Payouts held (1)');
    expect(within(held).getByText('wpo_held_a1')).toBeTruthy();
    expect(within(held).getByText('₦59,000.00')).toBeTruthy();
    const runs = panel('Runs');
    expect(within(runs).getByText('12 / 13')).toBeTruthy();

    const mismatches = panel('Open mismatches (1)');
    expect(mismatches.textContent).toContain('Missing in Wise');
    expect(within(mismatches).getByText('TRF_XYZ')).toBeTruthy();
    await user.click(within(mismatches).getByRole('button', { name: 'Resolve' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve the mismatch' });
    await user.type(within(dialog).getByLabelText('Authenticator code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getAllByText('Write what you checked and did').length).toBeGreaterThan(0);
    expect(calls).not.toContain('POST /api/admin/reconciliation/mismatches/7/resolve');

    await user.type(within(dialog).getByLabelText('Note'), ' Made by hand in the dashboard ');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(bodies).toEqual([{ note: 'Made by hand in the dashboard', confirm_code: '654321' }]);
  });

  it('asks for a day before reconciling, then runs it with the code', async () => {
    const bodies: unknown[] = [];
    routeFetch({
      'GET /api/admin/reconciliation': json({ ...overview, open_mismatches: [], held_payouts: [] }),
      'GET /api/admin/auth/passkeys': json({ passkeys: [] }),
      'POST /api/admin/reconciliation/runs': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 200, body: { run: { ...run, id: 4, provider_kind: 'bills', trigger: 'staff', mismatch_count: 0 } } };
      },
    });
    const { user } = renderRoutes([{ path: '/', Component: ReconciliationView }]);

    expect(await screen.findByText('Wise and the providers agree on every day compared.')).toBeTruthy();
    expect(screen.getByText('No payout is waiting for funds or an OTP.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reconcile this day' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Provider'), 'bills');
    await user.type(screen.getByLabelText('Day'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Reconcile this day' }));
    const dialog = screen.getByRole('dialog', { name: 'Reconcile a day' });
    expect(dialog.textContent).toContain('Airtime and bills on 2026-11-20');
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Reconcile' }));
    expect(await screen.findByText('Done: 0 mismatch(es)')).toBeTruthy();
    expect(bodies).toEqual([{ provider_kind: 'bills', business_date: '2026-11-20', confirm_code: '123456' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
