/** Paying customers for approved sales: see README.md here. */
export {
  getSalePayouts,
  latestPayout,
  payoutErrorCodes,
  payoutReference,
  startPayout,
  toAdminPayout,
  PAYOUT_CHECK_JOB,
  PAYOUT_RECOVER_JOB,
  PAYOUT_SEND_JOB,
} from './payouts';
export { retryPayout, recordManualPayout } from './staff';
export { payoutJobs } from './jobs';
export { payoutSettings, type PayoutDeps, type PayoutSettings } from './settings';
export { advancePayout } from './advance';
export { handleTransferEvent } from './webhook';
export { recoverStuckPayouts } from './recover';
export { salePaidMessage, settlePayoutSuccess, settlePayoutFailure } from './settle';
export { retryFailedPayoutsAfterBankChange } from './customer';
export { resolveHeldPayout, type StaffPayoutDeps } from './staff';
export { floatCovers, releaseHeldPayouts, PAYOUT_RELEASE_JOB } from './funds';
