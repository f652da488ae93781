import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionListResponseSchema, type TransactionStatus } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/transactions[?status=] → newest first. */
export const getTransactions = (status: TransactionStatus | undefined, signal?: AbortSignal) =>
  api(status ? `/api/transactions?status=${encodeURIComponent(status)}` : '/api/transactions', {
    schema: transactionListResponseSchema,
    signal,
  });
export const transactionsQuery = (status?: TransactionStatus) =>
  queryOptions({ queryKey: transactionKeys.list(status), queryFn: ({ signal }) => getTransactions(status, signal) });
export const useTransactions = (status?: TransactionStatus) =>
  useQuery({ ...transactionsQuery(status), placeholderData: keepPreviousData });
