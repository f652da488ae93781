import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDocumentReviewSchema, documentReviewListSchema } from '@wise/shared/admin';
import { adminApi, adminUrl } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';

const keys = { all: ['admin', 'identity-documents'] as const };

/** GET /api/admin/identity-documents — Tier 2 requests waiting for a decision, oldest first. */
export const pendingDocumentsQueryOptions = () =>
  queryOptions({
    queryKey: [...keys.all, 'pending'],
    queryFn: ({ signal }) => adminApi('/identity-documents', { schema: documentReviewListSchema, query: { status: 'pending' }, signal }),
  });

export const usePendingDocuments = () => useQuery(pendingDocumentsQueryOptions());

/** A staff-only image URL: each load is written to the audit log by the server. */
export const documentImageUrl = (id: string, side: 'front' | 'back' | 'selfie') => adminUrl(`/identity-documents/${id}/images/${side}`);

const reviewResponse = z.object({ review: adminDocumentReviewSchema });

export function useDecideDocument() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: keys.all });
  const approve = useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: StaffConfirmation }) =>
      adminApi(`/identity-documents/${id}/approve`, { method: 'POST', body: confirmation, schema: reviewResponse }),
    onSettled: settled,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      adminApi(`/identity-documents/${id}/reject`, { method: 'POST', body: { reason }, schema: reviewResponse }),
    onSettled: settled,
  });
  return { approve, reject };
}
