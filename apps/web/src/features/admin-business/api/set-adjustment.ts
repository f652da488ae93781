import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coinAdjustmentResponseSchema, type UpdateAdjustmentInput } from '@wise/shared/admin';
import type { CoinId } from '@wise/shared';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** PUT /api/admin/crypto/adjustments/:coin `{ adjustment_ngn, confirm_code }`. */
export function setAdjustment({ coin, ...body }: UpdateAdjustmentInput & { coin: CoinId }) {
  return adminApi(`/crypto/adjustments/${encodeURIComponent(coin)}`, { method: 'PUT', body, schema: coinAdjustmentResponseSchema });
}

export function useSetAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdjustment,
    // USDT's adjustment moves every coin's rate: the whole list is asked again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.adjustments() }),
  });
}
