/*
 * The part of dashboard.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). dashboard.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/** The prompts docs/product.md §4 lists, in the order the dashboard shows them. */
// `verify_identity` stays until the customer reaches tier 1 (docs/features.md, "Verification tiers and limits").
export const PENDING_ACTIONS = ['set_pin', 'upload_photo', 'add_bank_details', 'verify_identity'] as const;
export type PendingAction = (typeof PENDING_ACTIONS)[number];

/** The greeting uses the first word of the full name (docs/product.md §1). */
export const firstWord = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';
