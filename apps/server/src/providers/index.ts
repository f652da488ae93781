import type { Config } from '../config';
import type { Db } from '../db/client';
import { createAirtimeProvider, type AirtimeProvider } from './airtime/index';
import { createBankLookup, type BankLookup } from './bank-lookup/index';
import { createBillsProvider, type BillsProvider } from './bills/index';
import { systemClock, type Clock } from '../lib/clock';
import { createFileStore, type FileStore } from './file-store/index';
import { createIdentityProvider, type IdentityProvider } from './identity/index';
import { createMarketData, type MarketDataProvider } from './market-data/index';
import { ChannelMessenger, Outbox, SmtpMailer, TermiiSms, type Messenger } from './messaging/index';
import { createPayoutProvider, type PayoutProvider } from './payouts/index';

/** Every external service the app talks to, built once at start-up and handed to the app. */
export interface Providers {
  files: FileStore;
  messenger: Messenger;
  /** Present in development and test only: the dev outbox that stands in for e-mail and SMS. */
  outbox?: Outbox;
  bankLookup: BankLookup;
  marketData: MarketDataProvider;
  airtime: AirtimeProvider;
  bills: BillsProvider;
  /** Bank transfers that pay approved sales: Paystack or the sandbox. */
  payouts: PayoutProvider;
  /** BVN/NIN look-ups and document checks: Dojah or the sandbox. */
  identity: IdentityProvider;
}

/** The real service where configured; otherwise the sandbox (development) or a refusal (production). */
export function createMessaging(config: Config): { messenger: Messenger; outbox?: Outbox } {
  const outbox = config.isDevelopment ? new Outbox() : undefined;
  const unconfigured: Messenger = outbox ?? {
    send: async () => {
      throw new Error('no transport configured for this channel');
    },
  };
  const email = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : unconfigured;
  const sms = config.SMS_API_KEY ? new TermiiSms(config.SMS_API_KEY, config.SMS_BASE_URL, config.SMS_SENDER_ID) : unconfigured;
  return { messenger: new ChannelMessenger({ email, sms }), outbox };
}

export function createProviders(config: Config, db: Db, clock: Clock = systemClock): Providers {
  return {
    ...createMessaging(config),
    files: createFileStore(config),
    bankLookup: createBankLookup(config),
    marketData: createMarketData(config, clock),
    airtime: createAirtimeProvider(config),
    bills: createBillsProvider(config),
    payouts: createPayoutProvider(config, db, clock),
    identity: createIdentityProvider(config),
  };
}
