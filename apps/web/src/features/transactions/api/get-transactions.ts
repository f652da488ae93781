import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListResponseSchema, type TransactionStatus } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/transactions[?status=] → newest first. */
export function getTransactions(status: TransactionStatus | undefined, signal?: AbortSignal) {
  const path = status ? `/api/transactions?status=${encodeURIComponent(status)}` : '/api/transactions';
  return api(path, { schema: transactionListResponseSchema, signal });
}

export const transactionsQueryOptions = (status?: TransactionStatus) =>
  queryOptions({ queryKey: transactionKeys.list(status), queryFn: ({ signal }) => getTransactions(status, signal) });

/** Switching the status filter keeps the previous list on screen until the new one arrives. */
export function useTransactions(status?: TransactionStatus) {
  return useQuery({ ...transactionsQueryOptions(status), placeholderData: keepPreviousData });
}
