/**
 * The back office's schemas and texts (docs/decisions.md §8), imported as `@wise/shared/admin` so the
 * customer app's bundle never carries them. One file per area.
 */
export * from './common';
export * from './auth';
export * from './staff';
export * from './sales';
export * from './risk-flags';
export * from './payouts';
export * from './catalogue';
export * from './crypto';
export * from './chain';
export * from './banks';
export * from './bills';
export * from './dashboard';
export * from './customers';
export * from './broadcast';
export * from './audit';
export * from './reconciliation';
export * from './desk';
export * from './limits';
export * from './identity';
export * from './reward-levels';
export * from './referrals';
export * from './passkeys';
export * from './confirmation';
export * from './duties';
export * from './erased';
export * from './deposit-desk';
