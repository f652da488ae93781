import { createRef } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RISK_FLAG_CODES, riskFlagTexts, type AdminSaleListItem } from '@wise/shared/admin';
import { BusinessTimeZoneProvider } from '#web/lib/business-time-zone';
import type { DeskViewer } from '../desk-queue';
import { DeskQueue } from './desk-queue';

const ADA = { id: '0b6f2a53-7a1e-4a47-9d0b-1f4c2d9e0a11', name: 'Ada Admin' };
const TUNDE = { id: '5a1e0c6e-2b3f-4c55-8e77-3d9a0f1b2c33', name: 'Tunde Admin' };
const LONG_NAME = 'Oluwaseun Adebayo-Okonkwo Chukwuemeka Babatunde';

function sale(n: number, overrides: Partial<AdminSaleListItem> = {}): AdminSaleListItem {
  return {
    id: `6f0c7a4e-1c1d-4f77-9a43-0c6a0b8d1e2${n}`,
    kind: 'giftcard',
    title: `Amazon · sale ${n}`,
    customer: { id: `c${n}`, full_name: `Customer ${n}`, username: `customer${n}` },
    value_kobo: 5_900_000 + n,
    currency: 'USD',
    currency_amount: '50.00',
    coin: null,
    coin_amount: null,
    created_at: '2026-11-22T08:00:00Z',
    age_minutes: 10 + n,
    status: 'submitted',
    payout_status: null,
    decided_at: null,
    claimed_by: null,
    claimed_until: null,
    second_approval: null,
    risk_flags: [],
    assigned_to: null,
    has_image: false,
    ...overrides,
  };
}

/** Sale 9: approved once by Ada for more than the quote; it waits for a second admin. */
const asked = sale(9, {
  status: 'under_review',
  second_approval: { id: 'r1', amount_kobo: 6_500_000, requested_by: ADA, created_at: '2026-11-22T08:30:00Z' },
});
const waiting = [
  sale(1, { customer: { id: 'c1', full_name: LONG_NAME, username: 'seun' } }),
  sale(2, { risk_flags: [...RISK_FLAG_CODES] }),
  sale(3),
];

function renderQueue(
  viewer: DeskViewer,
  { rows = waiting, secondRows = [asked] }: { rows?: AdminSaleListItem[]; secondRows?: AdminSaleListItem[] } = {},
) {
  const onOpen = vi.fn();
  const searchRef = createRef<HTMLInputElement>();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <input ref={searchRef} type="search" aria-label="Search sales" />
            <DeskQueue
              rows={rows}
              secondRows={secondRows}
              isLoading={false}
              error={null}
              onRetry={() => undefined}
              hasMore={false}
              loadingMore={false}
              onLoadMore={() => undefined}
              saleHref={(id) => `/admin/sales/${id}`}
              viewer={viewer}
              targetMinutes={15}
              onOpen={onOpen}
              searchRef={searchRef}
            />
          </>
        ),
      },
    ],
    { initialEntries: ['/admin/sales'] },
  );
  render(
    <BusinessTimeZoneProvider timeZone="Africa/Lagos">
      <RouterProvider router={router} />
    </BusinessTimeZoneProvider>,
  );
  return { user: userEvent.setup(), onOpen };
}

const rowOf = (id: string) => document.querySelector<HTMLTableRowElement>(`tr[data-sale-id="${id}"]`);
const selectedId = () => document.querySelector('tr[aria-selected="true"]')?.getAttribute('data-sale-id') ?? null;

describe('the desk queue', () => {
  it('puts a sale waiting for a second approval in its own section above the waiting ones, with the amount asked', () => {
    renderQueue({ id: TUNDE.id, role: 'admin' });
    const [second, rest] = document.querySelectorAll('tbody');
    expect(second?.getAttribute('data-section')).toBe('second-approval');
    expect(within(second as HTMLElement).getByRole('rowheader', { name: /Second approval/ })).toBeTruthy();
    expect(within(second as HTMLElement).getByRole('link', { name: asked.title })).toBeTruthy();
    const row = within(rowOf(asked.id) as HTMLElement);
    expect(row.getByText('Confirm · asked by Ada Admin')).toBeTruthy();
    expect(row.getByText('₦65,000.00')).toBeTruthy();
    // The waiting section holds the rest, and not the second approval again.
    expect(rest?.getAttribute('data-section')).toBe('waiting');
    expect(within(rest as HTMLElement).getByRole('rowheader', { name: /Waiting/ })).toBeTruthy();
    expect(within(rest as HTMLElement).queryByRole('link', { name: asked.title })).toBeNull();
    expect(within(rest as HTMLElement).getAllByRole('link')).toHaveLength(3);
  });

  it('tells the admin who asked that the sale is theirs to wait on', () => {
    renderQueue({ id: ADA.id, role: 'admin' });
    expect(within(rowOf(asked.id) as HTMLElement).getByText('Asked by you')).toBeTruthy();
    expect(screen.queryByText(/^Confirm ·/)).toBeNull();
    expect(rowOf(asked.id)?.getAttribute('data-second-approval')).toBe('asked');
  });

  it('shows every risk flag as an icon named by its label, reachable with Tab', async () => {
    const { user } = renderQueue({ id: TUNDE.id, role: 'admin' });
    const flags = within(within(rowOf(waiting[1]?.id ?? '') as HTMLElement).getByRole('list', { name: 'Risk flags' }));
    for (const code of RISK_FLAG_CODES) {
      const flag = flags.getByRole('img', { name: riskFlagTexts[code].label });
      expect(flag?.getAttribute('tabindex')).toBe('0');
      // The label shown on hover and focus is the same words.
      expect(flag.textContent).toBe(riskFlagTexts[code].label);
    }
    expect(flags.getAllByRole('img')).toHaveLength(RISK_FLAG_CODES.length);
    expect(screen.queryByText('…')).toBeNull();
    // Tab from the row's link reaches its first flag (the row's other cells hold nothing focusable).
    within(rowOf(waiting[1]?.id ?? '') as HTMLElement)
      .getByRole('link')
      .focus();
    await user.tab();
    expect(document.activeElement).toBe(flags.getByRole('img', { name: riskFlagTexts[RISK_FLAG_CODES[0]].label }));
  });

  it("writes customers' full names, however long", () => {
    renderQueue({ id: TUNDE.id, role: 'admin' });
    const cell = rowOf(waiting[0]?.id ?? '')?.querySelector('.desk-customer');
    expect(cell?.textContent).toBe(LONG_NAME);
    expect(cell?.getAttribute('title')).toBe('@seun');
  });

  it('says so when nothing waits, and a lone second approval still shows', () => {
    renderQueue({ id: TUNDE.id, role: 'admin' }, { rows: [] });
    expect(screen.getByText('Nothing else waits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: asked.title })).toBeTruthy();
  });
});

describe('the desk queue from the keyboard', () => {
  it('for a second approver: j lands on the sale to confirm first, then the waiting ones; Enter opens the chosen one', async () => {
    const { user, onOpen } = renderQueue({ id: TUNDE.id, role: 'admin' });
    await user.keyboard('j');
    expect(selectedId()).toBe(asked.id);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(asked.id);
    await user.keyboard('jj');
    expect(selectedId()).toBe(waiting[1]?.id);
    await user.keyboard('k');
    expect(selectedId()).toBe(waiting[0]?.id);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(waiting[0]?.id);
  });

  it('for the admin who asked: j and Enter pass over their own request', async () => {
    const { user, onOpen } = renderQueue({ id: ADA.id, role: 'admin' });
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(waiting[0]?.id);
    await user.keyboard('j');
    expect(selectedId()).toBe(waiting[0]?.id);
    await user.keyboard('kkk');
    expect(selectedId()).toBe(waiting[0]?.id);
    await user.keyboard('jjjj');
    expect(selectedId()).toBe(waiting[2]?.id);
    expect(onOpen).not.toHaveBeenCalledWith(asked.id);
  });

  it('for a reviewer, who confirms nothing: the second approval is passed over too', async () => {
    const { user, onOpen } = renderQueue({ id: 'rita', role: 'reviewer' });
    expect(within(rowOf(asked.id) as HTMLElement).getByText('Asked by Ada Admin')).toBeTruthy();
    await user.keyboard('j{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(waiting[0]?.id);
  });

  it('/ goes to the search, and Escape comes back to the rows with the search kept', async () => {
    const { user, onOpen } = renderQueue({ id: TUNDE.id, role: 'admin' });
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search sales' });
    expect(document.activeElement).toBe(search);
    // Typing in the field moves nothing.
    await user.keyboard('jaj');
    expect(selectedId()).toBeNull();
    // A search field clears itself on Escape unless told not to.
    expect(fireEvent.keyDown(search, { key: 'Escape' })).toBe(false);
    expect(document.activeElement).not.toBe(search);
    expect((search as HTMLInputElement).value).toBe('jaj');
    await user.keyboard('j{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith(asked.id);
  });

  it("with only the asker's own request left, Enter opens nothing", async () => {
    const { user, onOpen } = renderQueue({ id: ADA.id, role: 'admin' }, { rows: [] });
    await user.keyboard('j{Enter}');
    expect(selectedId()).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();
  });
});
