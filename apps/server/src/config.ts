import path from 'node:path';
import { z } from 'zod';
import { devCardCodeKeyring, parseCardCodeKeys, type CardCodeKeyring } from './domain/sales/card-codes';
import { checksumEvmAddress, isTronAddress, parseAccountKey } from './providers/chains/derive';
import { isSolanaAddress } from './providers/chains/solana-pay';
import {
  SANDBOX_SOLANA_RECIPIENT,
  SANDBOX_XPUB_BITCOIN,
  SANDBOX_XPUB_BITCOIN_TEST,
  SANDBOX_XPUB_EVM,
  SANDBOX_XPUB_TRON,
} from './providers/chains/sandbox-keys';
import type { TracingConfig } from './lib/tracing';

const DEV_SESSION_SECRET = 'dev-only-secret-not-for-production-use-0000';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** An account-level extended public key (docs/crypto-settlement.md); the reason it is refused never repeats the key. */
/** A coin amount as a plain decimal ("0.0001"). */
const coinAmount = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain decimal number');
const accountXpub = optionalText.pipe(
  z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseAccountKey(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
);
const evmAddress = z
  .string()
  .trim()
  .refine(
    (v) => /^0x[0-9a-fA-F]{40}$/.test(v) && (v === v.toLowerCase() || checksumEvmAddress(v) === v),
    'must be a 0x… address (EIP-55 checksum when mixed-case)',
  );
const tronAddress = z.string().trim().refine(isTronAddress, 'must be a T… TRON address');
const solanaAddress = z.string().trim().refine(isSolanaAddress, 'must be a base58 Solana address');

/** An OTLP/HTTP collector is reached over http or https. */
const httpUrl = z
  .string()
  .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// URL')
  .optional();

/**
 * `key=value,key=value` with percent-encoded values (OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_RESOURCE_ATTRIBUTES), as the OpenTelemetry specification writes them.
 */
export function parseKeyValueList(text: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const item of text.split(',')) {
    const at = item.indexOf('=');
    const key = item.slice(0, at).trim();
    if (at <= 0 || !/^[\w.-]+$/.test(key)) throw new Error('must be key=value pairs separated by commas');
    entries[key] = decodeURIComponent(item.slice(at + 1).trim());
  }
  return entries;
}
const keyValueList = z
  .string()
  .refine((v) => {
    try {
      parseKeyValueList(v);
      return true;
    } catch {
      return false;
    }
  }, 'must be key=value pairs separated by commas (values percent-encoded)')
  .optional();

/** The exporter sends JSON; a collector expecting protobuf or gRPC would drop every span silently. */
const otlpProtocol = z.enum(['http/json'], { message: 'must be http/json (the only OTLP protocol this server sends)' }).optional();

const isValidTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const envSchema = z
  .object({
    // No default here: loadConfig decides, so that a server configured for real never falls into development.
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: optionalUrl,
    /**
     * PostgreSQL connections per instance. The default covers 50 concurrent requests on a small
     * server (each holds one for a single short statement); PostgreSQL's own limit is shared by all instances.
     */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
    /**
     * Background jobs one instance runs at once. Most of a job's time is a provider's answer or a
     * turn at the database, so 50 payouts approved together go out faster with more in flight
     * (docs/decisions.md 2.20); a job holds a connection only per statement.
     */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    /** The per-attempt limit of the jobs in those shared slots that set none (jobs/README.md, "Lanes"). */
    JOB_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(1200),
    /**
     * Slots of their own for each kind of job (jobs/README.md, "Lanes"; app-jobs.ts): a bill
     * provider that hangs fills the bill lane, never the payouts'. Each with its attempt time limit.
     */
    JOB_PAYOUTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    JOB_PAYOUTS_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(300),
    JOB_BILLS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    JOB_BILLS_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(120),
    JOB_MESSAGES_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    JOB_MESSAGES_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(60),
    JOB_EXPORTS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    JOB_EXPORTS_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(600),
    DATA_DIR: z.string().optional(),
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Wise <no-reply@wise.ng>'),
    SMS_API_KEY: optionalText,
    SMS_BASE_URL: z.url().default('https://api.ng.termii.com'),
    SMS_SENDER_ID: z.string().default('Wise'),
    SESSION_SECRET: optionalText.pipe(z.string().min(32).optional()),
    APP_URL: optionalUrl,
    SUPPORT_EMAIL: z.email().default('support@wise.ng'),
    SUPPORT_WHATSAPP: z
      .string()
      .regex(/^\+?\d{10,15}$/)
      .default('+2348000000000'),
    APP_TIMEZONE: z.string().refine(isValidTimeZone, 'is not a known IANA time zone').default('Africa/Lagos'),
    WEB_DIST: z.string().optional(),
    /** Where each build's hashed assets are kept for apps opened before a deploy (plugins/asset-archive.ts). */
    WEB_ASSET_ARCHIVE_DIR: optionalText,
    /** How long a file no build ships any more stays servable; 0 keeps only the current build's. */
    WEB_ASSET_RETENTION_DAYS: z.coerce.number().min(0).max(365).default(7),
    // Alerts to admins (domain/operations/alerts.ts): the thresholds that open an incident.
    ALERT_PAYOUT_FAILURE_PERCENT: z.coerce.number().min(1).max(100).default(20),
    ALERT_PAYOUT_STUCK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
    ALERT_JOB_AGE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    /** A payout failing to reach its provider (refused, 5xx, time-outs) this long without a break opens `payout_provider_unreachable`. */
    ALERT_PROVIDER_UNREACHABLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(2),
    // Provider floats (docs/RELIABILITY.md "Alerts"): a balance under these opens an incident.
    PAYOUT_FLOAT_ALERT_NAIRA: z.coerce.number().int().min(0).max(1_000_000_000).default(500_000),
    BILLS_FLOAT_ALERT_NAIRA: z.coerce.number().int().min(0).max(1_000_000_000).default(50_000),
    /**
     * The bearer token GET /metrics answers (plugins/metrics.ts). Required in production: a reverse
     * proxy that adds no forwarding header makes every request look local. Without it (development,
     * tests) only a direct request from this machine may read it.
     */
    METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    // Traces over OTLP/HTTP (lib/otel.ts; docs/operations.md): the standard OpenTelemetry
    // variables. Without an endpoint nothing of OpenTelemetry is loaded.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl.pipe(httpUrl),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl.pipe(httpUrl),
    OTEL_EXPORTER_OTLP_HEADERS: optionalText.pipe(keyValueList),
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: optionalText.pipe(keyValueList),
    OTEL_EXPORTER_OTLP_PROTOCOL: optionalText.pipe(otlpProtocol),
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optionalText.pipe(otlpProtocol),
    OTEL_EXPORTER_OTLP_TIMEOUT: z.coerce.number().int().min(100).max(120_000).default(10_000),
    OTEL_SERVICE_NAME: z.string().trim().min(1).max(100).default('wise-server'),
    OTEL_RESOURCE_ATTRIBUTES: optionalText.pipe(keyValueList),
    OTEL_TRACES_SAMPLER: z
      .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
      .default('parentbased_always_on'),
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(600_000).default(5000),
    OTEL_SDK_DISABLED: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /** Multiplies every rate limit; tests of other behaviour raise it so probes don't trip it. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // Account area: profile photos on local disk (UPLOAD_DIR, default <DATA_DIR>/uploads) or on
    // any S3-compatible store when S3_BUCKET is set; the bank-account name lookup (Paystack's
    // resolve endpoint when its secret key is set, the sandbox otherwise).
    UPLOAD_DIR: optionalText,
    /** Free space on UPLOAD_DIR's disk under which /readyz reports the upload store as failing. */
    UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).default(100),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    BANK_LOOKUP_SECRET_KEY: optionalText,
    BANK_LOOKUP_BASE_URL: z.url().default('https://api.paystack.co'),
    /** Staging only: run production with the offline sandboxes instead of the real providers. */
    SANDBOX_PROVIDERS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // Crypto market data: CoinGecko when its key is set (a demo key on the public API, a pro key
    // on the pro API; the base URL follows the plan unless overridden), the sandbox otherwise.
    COINGECKO_API_KEY: optionalText,
    COINGECKO_PLAN: z.enum(['demo', 'pro']).default('demo'),
    COINGECKO_BASE_URL: optionalUrl,
    CRYPTO_REFRESH_INTERVAL_S: z.coerce.number().int().min(5).max(86_400).default(60),
    CRYPTO_MAX_PRICE_AGE_S: z.coerce.number().int().min(30).max(86_400).default(600),
    CRYPTO_QUOTE_TTL_S: z.coerce.number().int().min(60).max(86_400).default(900),
    // Crypto settlement (docs/crypto-settlement.md): the treasury's account extended public keys the
    // per-customer deposit addresses derive from, and each chain's endpoint.
    CRYPTO_XPUB_BITCOIN: accountXpub,
    CRYPTO_XPUB_EVM: accountXpub,
    CRYPTO_XPUB_TRON: accountXpub,
    CRYPTO_BITCOIN_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
    CRYPTO_ESPLORA_URL: optionalUrl,
    CRYPTO_BSC_RPC_URL: optionalUrl,
    CRYPTO_BSC_USDT_CONTRACT: evmAddress.default('0x55d398326f99059fF775485246999027B3197955'),
    CRYPTO_TRON_API_URL: optionalUrl,
    CRYPTO_TRON_API_KEY: optionalText,
    CRYPTO_TRON_USDT_CONTRACT: tronAddress.default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    CRYPTO_SOLANA_RPC_URL: optionalUrl,
    CRYPTO_SOLANA_RECIPIENT: optionalText.pipe(solanaAddress.optional()),
    CRYPTO_SOLANA_USDT_MINT: solanaAddress.default('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
    CRYPTO_CHAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * The sandbox chain (docs/crypto-settlement.md, "The sandbox chain"): offline Bitcoin, BSC, TRON
     * and Solana in the database, with the test mnemonic's public keys. On by default outside
     * production when no chain setting is given; `false` turns it off, `true` insists on it.
     * Production refuses it.
     */
    SANDBOX_CHAIN: z.enum(['true', 'false']).optional(),
    /** One sandbox block per this many milliseconds: confirmations rise at this pace. */
    SANDBOX_CHAIN_BLOCK_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
    /** A chain watcher that has not advanced for this long, or whose last scan failed, opens `chain_watch_stalled`. */
    ALERT_CHAIN_WATCH_STALL_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
    // Crypto settlement policy (docs/crypto-settlement.md, "Settings"): how often each network is
    // read, the confirmations a deposit waits for, how far an amount may miss its quote and still be
    // paid (for what arrived), the smallest deposit bought, and what the system approves on its own.
    CRYPTO_WATCH_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(5000),
    CRYPTO_CONFIRMATIONS_BITCOIN: z.coerce.number().int().min(1).max(100).default(2),
    CRYPTO_CONFIRMATIONS_BSC: z.coerce.number().int().min(1).max(1000).default(15),
    CRYPTO_CONFIRMATIONS_TRON: z.coerce.number().int().min(1).max(1000).default(20),
    /** Solana is read at `finalized` commitment: one confirmation there is final. */
    CRYPTO_CONFIRMATIONS_SOLANA: z.coerce.number().int().min(1).max(100).default(1),
    CRYPTO_DEPOSIT_TOLERANCE_PERCENT: z.coerce.number().min(0).max(10).default(1),
    CRYPTO_MIN_DEPOSIT_BTC: coinAmount.default('0.0001'),
    CRYPTO_MIN_DEPOSIT_USDT: coinAmount.default('5'),
    CRYPTO_MIN_DEPOSIT_BNB: coinAmount.default('0.01'),
    CRYPTO_MIN_DEPOSIT_SOL: coinAmount.default('0.05'),
    /** One deposit sale the system approves on its own at most (0: the system approves nothing). */
    AUTO_APPROVAL_LIMIT_NAIRA: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
    /** What the system approves in a business day (APP_TIMEZONE), reserved in the database sale by sale. */
    AUTO_APPROVAL_DAILY_LIMIT_NAIRA: z.coerce.number().int().min(0).max(10_000_000_000).default(2_000_000),
    // Bills (docs/product.md §7): the airtime provider and the bill-payment service when their public keys
    // and base URLs are set, the offline sandbox otherwise. A timeout leaves an order processing
    // until a status query settles it, so it bounds how long a customer waits, not the outcome.
    AIRTIME_PUBLIC_KEY: optionalText,
    AIRTIME_BASE_URL: optionalUrl,
    AIRTIME_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    BILLS_PUBLIC_KEY: optionalText,
    BILLS_BASE_URL: optionalUrl,
    BILLS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    BILLS_PLAN_REFRESH_INTERVAL_S: z.coerce.number().int().min(60).max(86_400).default(3600),
    /**
     * Who sells airtime, data, TV and electricity: `http`, the two services above (the sandbox while
     * their keys are unset); `vtpass`, VTpass for all four (providers/vtpass/README.md), with its
     * static API key, its public and secret keys and its base URL (`https://vtpass.com/api`, or
     * `https://sandbox.vtpass.com/api` for its test wallet). The timeouts above still apply.
     */
    BILLS_PROVIDER: z.enum(['http', 'vtpass']).default('http'),
    VTPASS_API_KEY: optionalText,
    VTPASS_PUBLIC_KEY: optionalText,
    VTPASS_SECRET_KEY: optionalText,
    VTPASS_BASE_URL: optionalUrl,
    /**
     * Identity verification (docs/features.md, "Identity verification"): `sandbox`, the offline stand-in
     * (documented inputs, no keys), or `dojah`, Dojah's BVN, NIN and selfie checks with its app id
     * and secret key (https://sandbox.dojah.io for its test keys). Production refuses the sandbox
     * unless SANDBOX_PROVIDERS=true.
     */
    IDENTITY_PROVIDER: z.enum(['sandbox', 'dojah']).default('sandbox'),
    DOJAH_APP_ID: optionalText,
    DOJAH_SECRET_KEY: optionalText,
    DOJAH_BASE_URL: z.url().default('https://api.dojah.io'),
    IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    // Days after a staff decision before a Tier 2 request's ID and selfie images are deleted (docs/features.md, "Identity verification").
    KYC_IMAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Back office: a staff session unused this long ends (it never outlives 12 hours anyway). */
    STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
    // Payouts (docs/decisions.md §5.3): Paystack transfers when its secret key is set, the offline sandbox
    // otherwise (succeeds after PAYOUT_SANDBOX_DELAY_MS; accounts ending 1111 fail, 2222 stay pending).
    PAYOUT_SECRET_KEY: optionalText,
    PAYOUT_BASE_URL: z.url().default('https://api.paystack.co'),
    PAYOUT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
    /**
     * A payout that has failed to reach the provider this long tells its customer, once, that it
     * is delayed on the bank's side and will go out by itself (docs/RELIABILITY.md, "Provider outages").
     */
    PAYOUT_DELAY_NOTICE_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
    PAYOUT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /** The sandbox's float before any transfer: set it low to play "waiting for funds" by hand. */
    PAYOUT_SANDBOX_BALANCE_NAIRA: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000_000),
    // Approval limits and four eyes (docs/RELIABILITY.md): one staff member approves at most the
    // quoted value and at most this much on their own; above it a second, different admin confirms.
    APPROVAL_LIMIT_NAIRA: z.coerce.number().int().min(1).max(1_000_000_000).default(500_000),
    /** What one staff member may approve in a business day (APP_TIMEZONE), second approvals included. */
    REVIEWER_DAILY_LIMIT_NAIRA: z.coerce.number().int().min(1).max(10_000_000_000).default(5_000_000),
    /** A gift-card rate moved by more than this percentage of the current one waits for a second admin (docs/separation-of-duties.md). */
    RATE_CHANGE_SECOND_APPROVAL_PERCENT: z.coerce.number().gt(0).max(1000).default(10),
    // Verification tiers and limits (docs/features.md): what a customer's sales may be paid in one business day
    // (APP_TIMEZONE) at each tier, and in total before any verification. The server writes them into
    // the database at start (payout_limit_settings), where a trigger holds approvals to them too.
    TIER0_DAILY_PAYOUT_NAIRA: z.coerce.number().int().min(1).max(10_000_000_000).default(100_000),
    TIER0_TOTAL_PAYOUT_NAIRA: z.coerce.number().int().min(1).max(10_000_000_000).default(300_000),
    TIER1_DAILY_PAYOUT_NAIRA: z.coerce.number().int().min(1).max(10_000_000_000).default(2_000_000),
    TIER2_DAILY_PAYOUT_NAIRA: z.coerce.number().int().min(1).max(10_000_000_000).default(10_000_000),
    // Referrals (docs/features.md, "Referrals"): the gems each side earns when a referee's first sale is
    // paid, and how many referral rewards one referrer earns in a business month (APP_TIMEZONE).
    // Written into the database at start (referral_settings), where a trigger holds the cap too.
    REFERRAL_GEMS_REFERRER: z.coerce.number().int().min(1).max(1_000_000).default(100),
    REFERRAL_GEMS_REFEREE: z.coerce.number().int().min(1).max(1_000_000).default(50),
    REFERRAL_MONTHLY_CAP: z.coerce.number().int().min(0).max(100_000).default(10),
    /** The review desk colours a sale's age once it has waited longer than this (minutes). */
    REVIEW_TARGET_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    // Web Push (docs/decisions.md §9.37): a VAPID key pair (`npx web-push generate-vapid-keys`). Without it the
    // app offers no notifications on the device and queues nothing. The public key is an
    // uncompressed P-256 point (65 bytes), the private key a 32-byte scalar, both base64url.
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be the base64url public key printed by `npx web-push generate-vapid-keys` (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key printed by `npx web-push generate-vapid-keys` (43 characters)')
        .optional(),
    ),
    /** Who push services contact about our messages: a mailto: or https: address (default mailto:SUPPORT_EMAIL). */
    /**
     * Gift-card codes are encrypted with these (domain/sales/card-codes.ts): `id:base64key,…`, each
     * key 32 bytes, the first the current one; older keys still read their rows until the start-up
     * step has re-encrypted them. Required in production; elsewhere a key derived from SESSION_SECRET.
     */
    CARD_CODE_KEYS: optionalText,
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
        .optional(),
    ),
    /**
     * Tests only: push services of the test's own (host:port, comma-separated) that subscriptions
     * may name and pushes may reach although they are not the browsers' push services on public
     * addresses (domain/push/endpoint-policy.ts). Refused unless NODE_ENV=test.
     */
    PUSH_ENDPOINT_TEST_HOSTS: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z0-9.-]+:\d{1,5}(,[a-z0-9.-]+:\d{1,5})*$/, 'must be host:port entries separated by commas')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    checkPaidServices(env, ctx);
    checkIdentityProvider(env, ctx);
    checkChains(env, ctx);
    checkKeysAndEnvironment(env, ctx);
    checkProduction(env, ctx);
  });

type ParsedEnv = z.infer<typeof envSchema>;

/** The price feed, airtime, bills and VTpass: settings that would silently leave a sandbox selling, or refuse every quote. */
function checkPaidServices(env: ParsedEnv, ctx: z.RefinementCtx) {
  // Prices older than the maximum age refuse quotes: a refresh slower than that would refuse them routinely.
  if (env.CRYPTO_MAX_PRICE_AGE_S <= env.CRYPTO_REFRESH_INTERVAL_S) {
    ctx.addIssue({ code: 'custom', path: ['CRYPTO_MAX_PRICE_AGE_S'], message: 'must be greater than CRYPTO_REFRESH_INTERVAL_S' });
  }
  // A key without its service's address would silently fall back to the sandbox.
  for (const [key, url] of [
    ['AIRTIME_PUBLIC_KEY', 'AIRTIME_BASE_URL'],
    ['BILLS_PUBLIC_KEY', 'BILLS_BASE_URL'],
  ] as const) {
    if (env[key] && !env[url]) ctx.addIssue({ code: 'custom', path: [url], message: `is required when ${key} is set` });
  }
  // VTpass needs all four settings; a part of them would silently leave the sandbox (or the other service) selling.
  const vtpassSet = VTPASS_SETTINGS.filter((key) => env[key]);
  if (vtpassSet.length > 0 && env.BILLS_PROVIDER !== 'vtpass') {
    ctx.addIssue({
      code: 'custom',
      path: ['BILLS_PROVIDER'],
      message: `is not vtpass but ${vtpassSet.join(', ')} ${vtpassSet.length > 1 ? 'are' : 'is'} set`,
    });
  }
  if (env.BILLS_PROVIDER === 'vtpass' && (vtpassSet.length > 0 || env.NODE_ENV === 'production')) {
    // In production an explicit choice of VTpass never falls back to the sandbox, staging included.
    for (const key of VTPASS_SETTINGS) {
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            env.NODE_ENV === 'production'
              ? 'is required in production when BILLS_PROVIDER=vtpass'
              : 'is required when any VTPASS_ setting is set',
        });
    }
    if (env.NODE_ENV === 'production' && env.VTPASS_BASE_URL && !env.VTPASS_BASE_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['VTPASS_BASE_URL'],
        message: 'must be an https:// address in production (the keys travel in its headers)',
      });
    }
  }
}

/** Dojah: all of its settings or none, and only with IDENTITY_PROVIDER=dojah. */
function checkIdentityProvider(env: ParsedEnv, ctx: z.RefinementCtx) {
  // Dojah needs its app id and key; either without IDENTITY_PROVIDER=dojah would be silently unused.
  const dojahSet = DOJAH_SETTINGS.filter((key) => env[key]);
  if (dojahSet.length > 0 && env.IDENTITY_PROVIDER !== 'dojah') {
    ctx.addIssue({
      code: 'custom',
      path: ['IDENTITY_PROVIDER'],
      message: `is not dojah but ${dojahSet.join(', ')} ${dojahSet.length > 1 ? 'are' : 'is'} set`,
    });
  }
  if (env.IDENTITY_PROVIDER === 'dojah') {
    for (const key of DOJAH_SETTINGS) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when IDENTITY_PROVIDER=dojah' });
    }
    if (env.NODE_ENV === 'production' && !env.DOJAH_BASE_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['DOJAH_BASE_URL'],
        message: 'must be an https:// address in production (the key travels in its headers)',
      });
    }
  }
}

/** The crypto chains: keys of the chosen network, and the sandbox chain alone and never in production. */
function checkChains(env: ParsedEnv, ctx: z.RefinementCtx) {
  // A testnet key derives no mainnet address (and the reverse): the addresses would be unspendable where they are paid.
  if (env.CRYPTO_XPUB_BITCOIN && parseAccountKey(env.CRYPTO_XPUB_BITCOIN).testnet !== (env.CRYPTO_BITCOIN_NETWORK !== 'mainnet')) {
    ctx.addIssue({
      code: 'custom',
      path: ['CRYPTO_XPUB_BITCOIN'],
      message: `is a ${env.CRYPTO_BITCOIN_NETWORK === 'mainnet' ? 'testnet' : 'mainnet'} key but CRYPTO_BITCOIN_NETWORK is ${env.CRYPTO_BITCOIN_NETWORK}`,
    });
  }
  // The sandbox chain stands in for every chain at once; a real setting beside it would be ignored.
  if (env.SANDBOX_CHAIN === 'true') {
    for (const key of CHAIN_SETTINGS.filter((name) => env[name]))
      ctx.addIssue({
        code: 'custom',
        path: ['SANDBOX_CHAIN'],
        message: `is true but ${key} is set: the sandbox chain stands in for every chain`,
      });
  }
  // Fail closed: the sandbox's payments are made up and its keys are public (anyone can spend from the test mnemonic).
  if (env.SANDBOX_CHAIN === 'true' && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['SANDBOX_CHAIN'],
      message:
        'is refused in production, staging included: the sandbox chain credits payments nobody made, to addresses of a public test key; configure the real chains (docs/crypto-settlement.md)',
    });
  }
}

/** Key pairs complete, keys that parse, and the settings that betray a NODE_ENV left unset or a test-only setting outside tests. */
function checkKeysAndEnvironment(env: ParsedEnv, ctx: z.RefinementCtx) {
  // Half a VAPID key pair signs nothing: both or neither.
  for (const [key, other] of [
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ['VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
  ] as const) {
    if (env[key] && !env[other]) ctx.addIssue({ code: 'custom', path: [other], message: `is required when ${key} is set` });
  }
  // Fail closed: settings that only a real deployment has, with NODE_ENV left unset, would
  // otherwise start a development server (dev outbox, no Secure cookie) on real data.
  if (env.NODE_ENV === undefined) {
    for (const key of productionSignals(env)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NODE_ENV'],
        message: `is not set but ${key} looks like a real deployment: set NODE_ENV=production (or NODE_ENV=development to run it locally on purpose)`,
      });
    }
  }
  // Fail closed: only a test may let pushes reach hosts that are not the push services.
  if (env.PUSH_ENDPOINT_TEST_HOSTS && env.NODE_ENV !== 'test') {
    ctx.addIssue({ code: 'custom', path: ['PUSH_ENDPOINT_TEST_HOSTS'], message: 'is only accepted with NODE_ENV=test' });
  }
  if (env.CARD_CODE_KEYS) {
    try {
      parseCardCodeKeys(env.CARD_CODE_KEYS);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['CARD_CODE_KEYS'], message: error instanceof Error ? error.message : 'is not valid' });
    }
  }
}

/** What only production requires: PostgreSQL, the secrets, and real providers unless a staging server says otherwise. */
function checkProduction(env: ParsedEnv, ctx: z.RefinementCtx) {
  if (env.NODE_ENV !== 'production') return;
  // PGlite is the zero-configuration database of `npm start` on one machine: one process, one
  // connection, its files in DATA_DIR. Customers' money needs a PostgreSQL server with backups
  // and replicas (docs/decisions.md §2.3).
  if (!env.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_URL'],
      message:
        "is required in production: the embedded database (DATA_DIR) is for trying Wise on one machine and is not a place for customers' money; set DATABASE_URL to a PostgreSQL server",
    });
  }
  for (const key of ['SMTP_URL', 'SESSION_SECRET', 'APP_URL', 'CARD_CODE_KEYS', 'METRICS_TOKEN'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
  }
  // A sandbox in production would quote made-up prices and "buy" airtime nobody receives:
  // every money provider needs its real key unless a staging server says so on purpose.
  if (env.SANDBOX_PROVIDERS) return;
  // With VTpass chosen its settings (checked above) stand in for the two services' keys.
  const providerKeys = PRODUCTION_PROVIDER_KEYS.filter(
    (key) => env.BILLS_PROVIDER !== 'vtpass' || (key !== 'AIRTIME_PUBLIC_KEY' && key !== 'BILLS_PUBLIC_KEY'),
  );
  for (const key of providerKeys) {
    if (!env[key])
      ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production (or SANDBOX_PROVIDERS=true on a staging server)' });
  }
  // The sandbox verifies anyone who types 22222222222: never real customers' tiers.
  if (env.IDENTITY_PROVIDER !== 'dojah') {
    ctx.addIssue({
      code: 'custom',
      path: ['IDENTITY_PROVIDER'],
      message: 'must be dojah in production (or SANDBOX_PROVIDERS=true on a staging server)',
    });
  }
}

/** The providers whose sandbox must never serve real customers. */
const PRODUCTION_PROVIDER_KEYS = [
  'BANK_LOOKUP_SECRET_KEY',
  'COINGECKO_API_KEY',
  'AIRTIME_PUBLIC_KEY',
  'BILLS_PUBLIC_KEY',
  'PAYOUT_SECRET_KEY',
] as const;

/** The chain settings: any of them means a real chain is meant, so the sandbox chain is not started by default. */
const CHAIN_SETTINGS = [
  'CRYPTO_XPUB_BITCOIN',
  'CRYPTO_XPUB_EVM',
  'CRYPTO_XPUB_TRON',
  'CRYPTO_ESPLORA_URL',
  'CRYPTO_BSC_RPC_URL',
  'CRYPTO_TRON_API_URL',
  'CRYPTO_SOLANA_RPC_URL',
  'CRYPTO_SOLANA_RECIPIENT',
] as const;

/** Everything Dojah needs (IDENTITY_PROVIDER=dojah). */
const DOJAH_SETTINGS = ['DOJAH_APP_ID', 'DOJAH_SECRET_KEY'] as const;

/** Everything VTpass needs (BILLS_PROVIDER=vtpass). */
const VTPASS_SETTINGS = ['VTPASS_API_KEY', 'VTPASS_PUBLIC_KEY', 'VTPASS_SECRET_KEY', 'VTPASS_BASE_URL'] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether a URL points at this machine only (the quick start's own address). */
export const isLoopbackUrl = (url: string) => {
  const host = new URL(url).hostname;
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
};

function productionSignals(env: { DATABASE_URL?: string; SMTP_URL?: string; APP_URL?: string }): string[] {
  const signals: string[] = [];
  if (env.DATABASE_URL) signals.push('DATABASE_URL');
  if (env.SMTP_URL) signals.push('SMTP_URL');
  if (env.APP_URL && !isLoopbackUrl(env.APP_URL)) signals.push('APP_URL');
  return signals;
}

export interface Env extends Omit<ParsedEnv, 'NODE_ENV' | 'HOST'> {
  NODE_ENV: 'development' | 'production' | 'test';
  HOST: string;
}

export interface Config extends Env {
  appUrl: string;
  sessionSecret: string;
  webDist: string;
  dataDir: string;
  isProduction: boolean;
  /** Development and test: the dev outbox exists (loopback only) and cookies need not be Secure. */
  isDevelopment: boolean;
  /** The keys gift-card codes are sealed with (CARD_CODE_KEYS, or the development key). */
  cardCodeKeys: CardCodeKeyring;
  /** Web Push's VAPID identity, absent when no key pair is configured (then no push at all). */
  vapid?: VapidConfig;
  /** PUSH_ENDPOINT_TEST_HOSTS as a list (always empty outside tests). */
  pushTestHosts: string[];
  /** Where and how traces are exported; absent when no OTLP endpoint is set (then no tracing at all). */
  tracing?: TracingConfig;
  /**
   * The sandbox chain watches every network (SANDBOX_CHAIN, or by default outside production with
   * no chain setting); the CRYPTO_XPUB_* keys and CRYPTO_SOLANA_RECIPIENT are then the sandbox's.
   */
  sandboxChain: boolean;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad variable stops start-up with its name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsedEnv = parsed.data;
  const nodeEnv = parsedEnv.NODE_ENV ?? 'development';
  // A development server is reachable from this machine only unless told otherwise.
  const env: Env = { ...parsedEnv, NODE_ENV: nodeEnv, HOST: parsedEnv.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1') };
  const sandboxChain =
    env.SANDBOX_CHAIN === 'true' ||
    (env.SANDBOX_CHAIN === undefined && nodeEnv !== 'production' && CHAIN_SETTINGS.every((key) => !env[key]));
  if (sandboxChain) Object.assign(env, sandboxChainKeys(env.CRYPTO_BITCOIN_NETWORK));
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Outside production a per-process secret is fine: it only keys OTP hashes.
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    // The repository's ./data unless told otherwise, whichever workspace npm started us from.
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.resolve(here, '../../../data'),
    isProduction: env.NODE_ENV === 'production',
    cardCodeKeys: env.CARD_CODE_KEYS ? parseCardCodeKeys(env.CARD_CODE_KEYS) : devCardCodeKeyring(env.SESSION_SECRET ?? DEV_SESSION_SECRET),
    isDevelopment: env.NODE_ENV !== 'production',
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
          }
        : undefined,
    pushTestHosts: env.PUSH_ENDPOINT_TEST_HOSTS?.split(',') ?? [],
    tracing: tracingConfig(env),
    sandboxChain,
  };
}

/** The sandbox chain's keys and recipient (providers/chains/sandbox-keys.ts): the public test mnemonic's, never production's. */
function sandboxChainKeys(bitcoinNetwork: Env['CRYPTO_BITCOIN_NETWORK']): Pick<Env, (typeof CHAIN_SETTINGS)[number]> {
  return {
    CRYPTO_XPUB_BITCOIN: bitcoinNetwork === 'mainnet' ? SANDBOX_XPUB_BITCOIN : SANDBOX_XPUB_BITCOIN_TEST,
    CRYPTO_XPUB_EVM: SANDBOX_XPUB_EVM,
    CRYPTO_XPUB_TRON: SANDBOX_XPUB_TRON,
    CRYPTO_ESPLORA_URL: undefined,
    CRYPTO_BSC_RPC_URL: undefined,
    CRYPTO_TRON_API_URL: undefined,
    CRYPTO_SOLANA_RPC_URL: undefined,
    CRYPTO_SOLANA_RECIPIENT: SANDBOX_SOLANA_RECIPIENT,
  };
}

/** The OTEL_* variables as lib/otel.ts takes them: the traces endpoint wins over the general one. */
function tracingConfig(env: Env): TracingConfig | undefined {
  if (env.OTEL_SDK_DISABLED) return undefined;
  const tracesUrl =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!tracesUrl) return undefined;
  const headers = env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS;
  return {
    tracesUrl,
    headers: headers ? parseKeyValueList(headers) : {},
    serviceName: env.OTEL_SERVICE_NAME,
    resourceAttributes: env.OTEL_RESOURCE_ATTRIBUTES ? parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES) : {},
    sampler: env.OTEL_TRACES_SAMPLER,
    samplerRatio: env.OTEL_TRACES_SAMPLER_ARG,
    scheduledDelayMs: env.OTEL_BSP_SCHEDULE_DELAY,
    exportTimeoutMs: env.OTEL_EXPORTER_OTLP_TIMEOUT,
  };
}
