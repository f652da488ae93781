import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  adminSaleClaimResponseSchema,
  adminSaleDecisionResponseSchema,
  type AdminSaleDetailResponse,
  type ApproveSaleBody,
  type RejectSaleBody,
} from '@wise/shared/admin';
import { z } from 'zod';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys } from './keys';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';

const salePath = (id: string, action: string) => `/sales/${encodeURIComponent(id)}/${action}`;

/** After any action on a sale: its detail (answered, or fetched again) and every queue view. */
function refresh(queryClient: QueryClient, id: string, answer?: AdminSaleDetailResponse) {
  if (answer) queryClient.setQueryData(adminSaleKeys.detail(id), answer);
  else void queryClient.invalidateQueries({ queryKey: adminSaleKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: adminSaleKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: adminSaleKeys.desk() });
}

/** POST /:id/claim — locks the sale to me for SALE_CLAIM_MINUTES; 409 names who holds it. */
export function claimSale(id: string) {
  return adminApi(salePath(id, 'claim'), { method: 'POST', schema: adminSaleClaimResponseSchema });
}

/** POST /:id/release — gives my claim up. */
export function releaseSale(id: string) {
  return adminApi(salePath(id, 'release'), { method: 'POST', schema: adminSaleClaimResponseSchema });
}

/** POST /:id/approve — the payout starts on the server in the same transaction. */
export function approveSale(id: string, body: ApproveSaleBody) {
  return adminApi(salePath(id, 'approve'), { method: 'POST', body, schema: adminSaleDecisionResponseSchema });
}

/** POST /:id/reject — the reason goes to the customer. */
export function rejectSale(id: string, body: RejectSaleBody) {
  return adminApi(salePath(id, 'reject'), { method: 'POST', body, schema: adminSaleDecisionResponseSchema });
}

/** What the confirming admin was shown: the server refuses a confirm for another request or amount. */
export type ShownApproval = { request_id: string; amount_kobo: number };

/** POST /:id/approval/confirm (admin, not the one who asked) — pays the amount asked, named as shown. */
export function confirmSecondApproval(id: string, shown: ShownApproval, confirmation: StaffConfirmation) {
  return adminApi(salePath(id, 'approval/confirm'), {
    method: 'POST',
    body: { ...shown, ...confirmation },
    schema: adminSaleDecisionResponseSchema,
  });
}

/** POST /:id/approval/decline (admin) — nothing is paid; the sale is back in review. */
export function declineSecondApproval(id: string, note?: string) {
  return adminApi(salePath(id, 'approval/decline'), {
    method: 'POST',
    body: note ? { note } : {},
    schema: adminSaleDecisionResponseSchema,
  });
}

/** A payout answer may carry the sale; otherwise the detail is fetched again. */
const payoutAnswerSchema = z.union([adminSaleDecisionResponseSchema, z.unknown()]);
const asDetail = (answer: unknown) => {
  const parsed = adminSaleDecisionResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : undefined;
};

/** POST /:id/payout/retry — a new attempt after a failed one. */
export function retryPayout(id: string, confirmation: StaffConfirmation) {
  return adminApi(salePath(id, 'payout/retry'), { method: 'POST', body: confirmation, schema: payoutAnswerSchema });
}

export type ManualPayoutInput = { reference: string; note: string } & StaffConfirmation;

/** POST /:id/payout/manual (admin) — a payment made by other means, with its reference. */
export function recordManualPayout(id: string, body: ManualPayoutInput) {
  return adminApi(salePath(id, 'payout/manual'), { method: 'POST', body, schema: payoutAnswerSchema });
}

export type ResolvePayoutInput = { resolution: 'paid' | 'not_paid'; note: string } & StaffConfirmation;

/** POST /:id/payout/resolve (admin) — a payout held because the provider reported other figures: paid or not paid. */
export function resolvePayout(id: string, body: ResolvePayoutInput) {
  return adminApi(salePath(id, 'payout/resolve'), { method: 'POST', body, schema: payoutAnswerSchema });
}

export function useClaimSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => claimSale(id), onSettled: () => refresh(queryClient, id) });
}

export function useReleaseSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => releaseSale(id), onSettled: () => refresh(queryClient, id) });
}

export function useApproveSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveSaleBody) => approveSale(id, body),
    onSuccess: (answer) => refresh(queryClient, id, answer),
    // A 409 (decided or claimed by someone else meanwhile) shows the sale as it is now.
    onError: () => refresh(queryClient, id),
  });
}

export function useRejectSale(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectSaleBody) => rejectSale(id, body),
    onSuccess: (answer) => refresh(queryClient, id, answer),
    onError: () => refresh(queryClient, id),
  });
}

export function useRetryPayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: StaffConfirmation) => retryPayout(id, confirmation),
    onSuccess: (answer) => refresh(queryClient, id, asDetail(answer)),
  });
}

export function useManualPayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualPayoutInput) => recordManualPayout(id, body),
    onSuccess: (answer) => refresh(queryClient, id, asDetail(answer)),
  });
}

export function useResolvePayout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolvePayoutInput) => resolvePayout(id, body),
    onSuccess: (answer) => refresh(queryClient, id, asDetail(answer)),
    onError: () => refresh(queryClient, id),
  });
}

export function useConfirmSecondApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shown, confirmation }: { shown: ShownApproval; confirmation: StaffConfirmation }) =>
      confirmSecondApproval(id, shown, confirmation),
    onSuccess: (answer) => refresh(queryClient, id, answer),
    onError: () => refresh(queryClient, id),
  });
}

export function useDeclineSecondApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note?: string) => declineSecondApproval(id, note),
    onSuccess: (answer) => refresh(queryClient, id, answer),
    onError: () => refresh(queryClient, id),
  });
}
