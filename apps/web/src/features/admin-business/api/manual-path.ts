import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { manualPathResponseSchema, type UpdateManualPathInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/crypto/manual-path → whether customers may still sell with a screenshot. */
export function getManualPath(signal?: AbortSignal) {
  return adminApi('/crypto/manual-path', { schema: manualPathResponseSchema, signal });
}

export const manualPathQueryOptions = () =>
  queryOptions({
    queryKey: businessKeys.manualPath(),
    queryFn: ({ signal }) => getManualPath(signal),
    select: (answer) => answer.manual_path,
  });

export function useManualPath() {
  return useQuery(manualPathQueryOptions());
}

/** PUT /api/admin/crypto/manual-path: on or off, with the authenticator code. */
export function useSetManualPath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateManualPathInput) =>
      adminApi('/crypto/manual-path', { method: 'PUT', body: input, schema: manualPathResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(businessKeys.manualPath(), answer),
  });
}
