import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AuthDeps } from './domain/auth/service';
import type { Clock } from './lib/clock';
import type { RateLimiter } from './lib/rate-limiter';
import type { AirtimeProvider } from './providers/airtime/index';
import type { BankLookup } from './providers/bank-lookup/index';
import type { BillsProvider } from './providers/bills/index';
import type { FileStore } from './providers/file-store/index';
import type { IdentityProvider } from './providers/identity/index';
import type { MarketDataProvider } from './providers/market-data/index';
import type { Messenger, Outbox } from './providers/messaging/index';
import type { PayoutProvider } from './providers/payouts/index';
import type { RateGuard } from './plugins/rate-limits';
import type { AddressDeriver } from './domain/crypto-deposits/allocate';
import type { DepositAddressDeps } from './domain/crypto-deposits/address';
import type { ChainNetwork, ChainWatcher, DerivedNetwork } from './providers/chains/types';

/** What the process builds once and hands to the app (tests build their own). */
export interface AppDeps {
  config: Config;
  database: Database;
  messenger: Messenger;
  /** Present outside production: the dev outbox that stands in for e-mail and SMS. */
  outbox?: Outbox;
  /** Uploaded files: local disk or S3-compatible. */
  files: FileStore;
  bankLookup: BankLookup;
  /** Crypto prices and trending coins: CoinGecko or the sandbox (built from config when absent). */
  marketData?: MarketDataProvider;
  /** docs/product.md §7's airtime provider and bill-payment service, or their sandboxes (built from config when absent). */
  airtime?: AirtimeProvider;
  bills?: BillsProvider;
  /** Bank transfers that pay approved sales: Paystack or the sandbox (built from config when absent). */
  payouts?: PayoutProvider;
  /** BVN/NIN look-ups and document checks: Dojah or the sandbox (built from config when absent). */
  identity?: IdentityProvider;
  /**
   * The chain watchers and address derivers of crypto settlement (docs/crypto-settlement.md): built
   * from the configuration when absent (createChainWatchers, addressDeriversFromConfig); server.ts
   * hands in the same ones its watch jobs use, and a sandbox chain outside production.
   */
  chainWatchers?: Partial<Record<ChainNetwork, ChainWatcher>>;
  addressDerivers?: Partial<Record<DerivedNetwork, AddressDeriver>>;
  limiter: RateLimiter;
  clock: Clock;
  /** Whether this process's job worker still polls (server.ts); /readyz checks it when given. */
  jobWorkerAlive?: () => boolean;
}

/** What route plugins receive. */
export interface RouteContext {
  config: Config;
  db: Db;
  clock: Clock;
  rates: RateGuard;
  messenger: Messenger;
  files: FileStore;
  bankLookup: BankLookup;
  marketData: MarketDataProvider;
  airtime: AirtimeProvider;
  bills: BillsProvider;
  payouts: PayoutProvider;
  identity: IdentityProvider;
  /** Deposit addresses and the networks watched (routes/crypto/deposits.ts). */
  chains: DepositAddressDeps;
  auth: AuthDeps;
}
