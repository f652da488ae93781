import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@wise/shared/admin';
import { renderRoutes, stubFetch } from '#web/testing/render';
import { AuditLog } from './audit-log';

/** The audit log: filters apply when searched, each entry opens with its before and after. */

const entry: AuditEntry = {
  id: '42',
  at: '2026-11-21T10:00:00.000Z',
  staff: { id: '0b6f2a53-7a1e-4a47-9d0b-1f4c2d9e0a11', name: 'Ada Admin' },
  actor: 'ada@wise.ng',
  action: 'sale.approve',
  target_type: 'sale',
  target_id: '5b87ec72-e39e-41cf-90d1-16fbdba1afd9',
  before: { status: 'under_review' },
  after: { status: 'approved' },
  note: 'Checked twice',
  ip: '127.0.0.1',
};
const page = (items: AuditEntry[]) => ({ status: 200, body: { items, next_cursor: null } });

describe('AuditLog', () => {
  it('searches with the filters when the form is sent, and shows an entry with its before and after', async () => {
    const fetch = stubFetch(page([entry]), page([entry]));
    const { user } = renderRoutes([{ path: '/', Component: () => <AuditLog targetHref={(type, id) => `/admin/${type}s/${id}`} /> }]);

    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Ada Admin')).toBeTruthy();
    expect(within(table).getByRole('link', { name: entry.target_id! }).getAttribute('href')).toBe(`/admin/sales/${entry.target_id}`);

    await user.type(screen.getByLabelText('Action'), 'sale.approve');
    // Typing alone asks for nothing.
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await within(table).findByText('Ada Admin');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[1]![0])).toContain('action=sale.approve');

    await user.click(screen.getByRole('row', { name: 'sale.approve on sale' }));
    const dialog = await screen.findByRole('dialog', { name: 'sale.approve' });
    expect(within(dialog).getByText('Ada Admin (ada@wise.ng)')).toBeTruthy();
    expect(within(dialog).getByText('Checked twice')).toBeTruthy();
    expect([...dialog.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual([
      JSON.stringify(entry.before, null, 2),
      JSON.stringify(entry.after, null, 2),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
