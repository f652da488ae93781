import { useMutation } from '@tanstack/react-query';
import { adminSaleCardCodeResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

/**
 * POST /api/admin/sales/:id/card-code — the card's code, on request: the reviewer holding the sale
 * or an admin; the server writes each view to the audit log. Never cached: the screen keeps it
 * only while it is open.
 */
export function useRevealCardCode(id: string) {
  return useMutation({
    mutationFn: () => adminApi(`/sales/${encodeURIComponent(id)}/card-code`, { method: 'POST', schema: adminSaleCardCodeResponseSchema }),
  });
}
