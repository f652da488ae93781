import type { Config } from '#server/config';
import type { DerivedNetwork } from '#server/providers/chains/types';
import { addressDeriver, type AddressDeriver } from './allocate';

export * from './allocate';
export * from './address';
export * from './jobs';
export * from './observer';
export * from './policy';
export { recordTransfer, REVIEW_REASONS, watchTargets, type RecordDeps, type WatchTarget } from './record';
export { PENDING_REASONS, settleDeposit, SYSTEM_APPROVER_ID, systemApprover, writeAutoApprovalSettings, type SettleDeps } from './settle';
export * from './view';
export { watchNetwork, type WatchDeps, type WatchRun } from './watch';

/** The deriver of each network whose account key is configured (CRYPTO_XPUB_*); a network without one hands out no addresses. */
export function addressDeriversFromConfig(config: Config): Partial<Record<DerivedNetwork, AddressDeriver>> {
  const derivers: Partial<Record<DerivedNetwork, AddressDeriver>> = {};
  if (config.CRYPTO_XPUB_BITCOIN) derivers.bitcoin = addressDeriver('bitcoin', config.CRYPTO_XPUB_BITCOIN, config.CRYPTO_BITCOIN_NETWORK);
  if (config.CRYPTO_XPUB_EVM) derivers.bsc = addressDeriver('bsc', config.CRYPTO_XPUB_EVM);
  if (config.CRYPTO_XPUB_TRON) derivers.tron = addressDeriver('tron', config.CRYPTO_XPUB_TRON);
  return derivers;
}
