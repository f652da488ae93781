import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReviewerListSchema, adminSaleDecisionResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys } from './keys';

/** GET /api/admin/sales/assignees (admin) — the active staff a sale can be given to. */
export const assigneesQueryOptions = () =>
  queryOptions({
    queryKey: adminSaleKeys.assignees(),
    queryFn: ({ signal }) => adminApi('/sales/assignees', { schema: adminReviewerListSchema, signal }),
    select: (answer) => answer.reviewers,
    staleTime: 60_000,
  });

export function useAssignees(enabled: boolean) {
  return useQuery({ ...assigneesQueryOptions(), enabled });
}

/** POST /api/admin/sales/:id/assign (admin) — a reviewer's id, or null to take it back. */
export function useAssignSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string | null) =>
      adminApi(`/sales/${encodeURIComponent(id)}/assign`, {
        method: 'POST',
        body: { staff_id: staffId },
        schema: adminSaleDecisionResponseSchema,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSaleKeys.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: adminSaleKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminSaleKeys.desk() });
    },
  });
}
