import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRequestListSchema, staffRequestResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { staffKeys } from './keys';

const requestPath = (id: string, action: string) => `/requests/${encodeURIComponent(id)}/${action}`;

/** GET /api/admin/requests — what waits for a second admin (docs/separation-of-duties.md). */
export function useStaffRequests() {
  return useQuery({
    queryKey: staffKeys.requests(),
    queryFn: ({ signal }) => adminApi('/requests', { schema: staffRequestListSchema, signal }),
    select: (answer) => answer.items,
  });
}

/** Everything a decision may have changed: the staff list, the requests, the catalogue and limits screens. */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['admin'] });
}

/** POST /api/admin/requests/:id/confirm — the value shown, with my own code or passkey. */
export function useConfirmStaffRequest() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, value, confirmation }: { id: string; value: string; confirmation: StaffConfirmation }) =>
      adminApi(requestPath(id, 'confirm'), { method: 'POST', body: { value, ...confirmation }, schema: staffRequestResponseSchema }),
    onSettled: refresh,
  });
}

/** POST /api/admin/requests/:id/decline — another admin's request declined, or my own withdrawn. */
export function useDeclineStaffRequest() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: string) => adminApi(requestPath(id, 'decline'), { method: 'POST', body: {}, schema: staffRequestResponseSchema }),
    onSettled: refresh,
  });
}
