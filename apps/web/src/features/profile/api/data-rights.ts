import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataRightsResponseSchema, messageResponseSchema, type CloseAccountInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { authStorage } from '#web/lib/auth-storage';
import { profileKeys } from './keys';

/**
 * The customer's data rights (docs/features.md, "Your data (NDPA 2023)"): GET /api/profile/data-rights,
 * POST /api/profile/data-export, POST /api/profile/data-export/download, POST /api/profile/close.
 */

export const dataRightsKey = () => [...profileKeys.all, 'data-rights'] as const;

export function getDataRights() {
  return api('/api/profile/data-rights', { schema: import.meta.env.DEV ? dataRightsResponseSchema : undefined });
}

export function useDataRights() {
  return useQuery({ queryKey: dataRightsKey(), queryFn: getDataRights });
}

export function requestDataExport() {
  return api('/api/profile/data-export', { method: 'POST', body: {}, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestDataExport, onSuccess: () => void queryClient.invalidateQueries({ queryKey: dataRightsKey() }) });
}

/** The file behind the e-mailed link: the answer is the export itself, saved as it came. */
export function downloadDataExport(token: string) {
  return api<unknown>('/api/profile/data-export/download', { method: 'POST', body: { token }, schema: undefined });
}

export function useDownloadDataExport() {
  return useMutation({ mutationFn: downloadDataExport });
}

export function closeAccount(input: CloseAccountInput) {
  return api('/api/profile/close', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** The server has ended the session: the browser forgets it as at logout. */
export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeAccount,
    onSuccess: () => {
      authStorage.clear();
      queryClient.clear();
    },
  });
}
