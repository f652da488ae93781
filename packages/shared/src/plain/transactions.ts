/*
 * The part of transactions.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). transactions.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/** docs/product.md §4: pending, successful, rejected. */
export const TRANSACTION_STATUSES = ['pending', 'successful', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * While a transaction the customer is looking at is still pending, its list and detail are asked
 * for again this often, so "Successful" or "Rejected" appears within seconds of staff deciding
 * (docs/decisions.md §5.3), without a reload; nothing is polled once every shown transaction has settled.
 */
export const PENDING_REFETCH_MS = 5_000;
/**
 * The same polling while the live-update stream is open (it brings the change within a second):
 * only a safety net for an event lost in between; back to PENDING_REFETCH_MS once the stream fails.
 */
export const LIVE_PENDING_REFETCH_MS = 30_000;

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_MAX = 50;
/** Opaque keyset cursors are short base64url strings; anything longer is not ours. */
export const TRANSACTION_CURSOR_MAX = 200;
