/**
 * Value lists that columns in more than one schema module take. They live in a module that imports
 * nothing, so that the tables' modules can reference each other's keys (read lazily) without one
 * of them reading the other's values before it has loaded.
 */

/** How a payout account's resolved name fits the profile name (shared ACCOUNT_NAME_MATCHES; 0018's CHECK). */
export const accountNameMatches = ['match', 'partial'] as const;

/** Why an approved amount differs from the quote (0016_approval_limits.sql). */
export const saleApprovalReasonCodes = ['partially_used', 'balance_lower', 'other'] as const;
