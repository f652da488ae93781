import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  reconciliationMismatchSchema,
  reconciliationOverviewSchema,
  reconciliationRunSchema,
  type ResolveMismatchBody,
  type RunReconciliationBody,
} from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

const keys = { overview: ['admin', 'reconciliation'] as const };

/** GET /api/admin/reconciliation — runs, open mismatches, floats, payouts held (admins). */
export const reconciliationQueryOptions = () =>
  queryOptions({
    queryKey: keys.overview,
    queryFn: ({ signal }) => adminApi('/reconciliation', { schema: reconciliationOverviewSchema, signal }),
  });

export const useReconciliation = () => useQuery(reconciliationQueryOptions());

export function useResolveMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResolveMismatchBody }) =>
      adminApi(`/reconciliation/mismatches/${id}/resolve`, {
        method: 'POST',
        body,
        schema: z.object({ mismatch: reconciliationMismatchSchema }),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.overview }),
  });
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunReconciliationBody) =>
      adminApi('/reconciliation/runs', { method: 'POST', body, schema: z.object({ run: reconciliationRunSchema }) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.overview }),
  });
}
