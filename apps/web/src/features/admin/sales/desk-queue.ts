import type { AdminSaleListItem, StaffMe } from '@wise/shared/admin';

/** Who looks at the desk: their id (claims, who asked) and role (only an admin confirms). */
export type DeskViewer = Pick<StaffMe, 'id' | 'role'>;

type Row = Pick<AdminSaleListItem, 'id' | 'second_approval'>;

/**
 * What a sale waiting for a second approval means to the viewer (docs/separation-of-duties.md):
 * `confirm` for an admin who did not ask, `asked` for the one who did, `watch` for anyone else
 * (a reviewer). A sale with no open request is `none`.
 */
export type SecondApprovalRole = 'none' | 'confirm' | 'asked' | 'watch';

export function secondApprovalRole(row: Row, viewer: DeskViewer): SecondApprovalRole {
  const request = row.second_approval;
  if (!request) return 'none';
  if (request.requested_by.id === viewer.id) return 'asked';
  return viewer.role === 'admin' ? 'confirm' : 'watch';
}

/** Whether `j`/`k` and Enter stop on the row: a second approval only for the admin who can confirm it. */
export const canActOn = (row: Row, viewer: DeskViewer): boolean => {
  const role = secondApprovalRole(row, viewer);
  return role === 'none' || role === 'confirm';
};

/**
 * The rows the keyboard steps through, in the order the desk shows them: the second approvals
 * the viewer can confirm (money already decided once waits on them), then the rest.
 */
export function keyboardRows<T extends Row>(secondRows: readonly T[], rows: readonly T[], viewer: DeskViewer): T[] {
  const seen = new Set<string>();
  return [...secondRows, ...rows].filter((row) => {
    if (seen.has(row.id) || !canActOn(row, viewer)) return false;
    seen.add(row.id);
    return true;
  });
}

/** The row `j` (next) or `k` (previous) moves to from `selectedId`; from nothing (or a row no longer there), the first. */
export function moveSelection(rows: readonly Row[], selectedId: string | null, key: 'j' | 'k'): string | null {
  if (rows.length === 0) return null;
  const index = rows.findIndex((row) => row.id === selectedId);
  if (index < 0) return rows[0]?.id ?? null;
  const next = key === 'j' ? Math.min(rows.length - 1, index + 1) : Math.max(0, index - 1);
  return rows[next]?.id ?? null;
}
