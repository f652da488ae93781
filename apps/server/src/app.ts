import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppDeps, RouteContext } from './context';
import { joinSessionRevocations, listenForSessionRevocations } from './domain/auth/session-cache';
import { loggerOptions, redactUrl } from './lib/log-redaction';
import { activeTracer } from './lib/tracing';
import { responseSerializerCompiler } from './lib/response-serializer';
import docs from './plugins/docs';
import errors, { frameworkErrorReply } from './plugins/errors';
import { registerLanguages } from './domain/i18n/language';
import { createRateGuard } from './plugins/rate-limits';
import security from './plugins/security';
import { compression, compressionOptions } from './plugins/compression';
import sessions, { SESSION_COOKIE } from './plugins/sessions';
import { sha256 } from './lib/secrets';
import staffSessions from './plugins/staff-sessions';
import { pageHeads } from './plugins/page-heads';
import { webPlugin } from './plugins/web';
import { traceRequests } from './plugins/tracing';
import { authRoutes } from './routes/auth/index';
import { passkeyLoginRoutes, passkeyProfileRoutes } from './routes/passkeys/index';
import { bankRoutes } from './routes/bank/index';
import { dashboardRoutes } from './routes/dashboard/index';
import { notificationRoutes } from './routes/notifications/index';
import { pinRoutes } from './routes/pin/index';
import { profileRoutes } from './routes/profile/index';
import { verificationRoutes } from './routes/profile/verification';
import { dataRightsRoutes } from './routes/profile/data-rights';
import { limitRoutes } from './routes/limits/index';
import { payoutLimitSettingsOf, writePayoutLimitSettings } from './domain/limits/limits';
import { writeRateChangePercent } from './domain/admin/catalogue';
import { referralSettingsOf, writeReferralSettings } from './domain/referrals/referrals';
import { supportRoutes } from './routes/support/index';
import { transactionRoutes } from './routes/transactions/index';
import { giftCardRoutes } from './routes/giftcards/index';
import { rateRoutes } from './routes/rates/index';
import { saleRoutes } from './routes/sales/index';
import { reviewTimeRoutes } from './routes/sales/review-time';
import { salesSummaryRoutes } from './routes/sales/summary';
import { receiptRoutes } from './routes/receipts/index';
import { devRoutes } from './routes/dev';
import { devChainRoutes } from './routes/dev-chain';
import { sandboxChainFromConfig } from './providers/chains/index';
import { gemRoutes } from './routes/gems/index';
import { rewardRoutes } from './routes/rewards/index';
import { referralRoutes } from './routes/referrals/index';
import { healthRoutes } from './routes/health';
import { metrics } from './plugins/metrics';
import { appInfoRoutes } from './routes/app-info/index';
import { cryptoRoutes } from './routes/crypto/index';
import { createMarketData } from './providers/market-data/index';
import { billRoutes } from './routes/bills/index';
import { adminRoutes } from './routes/admin/index';
import { createAirtimeProvider } from './providers/airtime/index';
import { createBillsProvider } from './providers/bills/index';
import { createPayoutProvider } from './providers/payouts/index';
import { createIdentityProvider } from './providers/identity/index';
import { payoutWebhookRoutes } from './routes/payouts/index';
import { pushRoutes } from './routes/push/index';
import { eventRoutes } from './routes/events/index';
import { watchCatalogues } from './domain/catalogue-cache';
import { EventHub, registerInProcessHub } from './domain/events/hub';

import { useCardCodeKeyring } from './domain/sales/card-codes';
import { addressDeriversFromConfig, depositPolicyOf, writeAutoApprovalSettings, type DepositPolicy } from './domain/crypto-deposits/index';
import { createChainWatchers } from './providers/chains/index';

/** JSON bodies are small forms; uploads go through multipart with their own limits. */
const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** A customer's open live-update streams at most (tabs, devices); one more is refused. */
const EVENT_STREAMS_PER_CUSTOMER = 5;

export interface BuildOptions {
  logger?: boolean | { level: string };
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const depositPolicy = await applyConfiguredRules(deps);
  const app = createFastify(deps.config, options);
  await registerPlatform(app, deps);
  const ctx = routeContext(app, deps, depositPolicy);
  // Kept catalogue answers served without a read while every change is heard (domain/catalogue-cache.ts).
  const catalogues = await watchCatalogues(deps.database, {
    connectionString: deps.database.kind === 'postgres' ? deps.config.DATABASE_URL : undefined,
    logger: app.log,
  });
  app.addHook('onClose', async () => catalogues.close());
  await registerRoutes(app, deps, ctx);
  if (options.serveWeb ?? true) await registerWeb(app, deps.config);
  return app;
}

type App = ReturnType<typeof createFastify>;

/** The configuration's rules, set where the process and the database's triggers read them; returns the deposit policy. */
async function applyConfiguredRules({ config, database, clock }: AppDeps) {
  // Gift-card codes are sealed and opened with the configured keys (domain/sales/card-codes.ts).
  useCardCodeKeyring(config.cardCodeKeys);
  // Customers' errors, e-mails and notifications in their language (docs/i18n.md).
  registerLanguages();
  // The payout limits as configured, where the approval trigger reads them (domain/limits).
  await writePayoutLimitSettings(database.db, clock, payoutLimitSettingsOf(config));
  await writeRateChangePercent(database.db, clock, config.RATE_CHANGE_SECOND_APPROVAL_PERCENT);
  // The referral amounts and cap, where the paying transaction and the cap's trigger read them.
  await writeReferralSettings(database.db, clock, referralSettingsOf(config));
  // The automatic approvals' limits, where 0055's trigger reserves each one (docs/crypto-settlement.md).
  const depositPolicy = depositPolicyOf(config);
  await writeAutoApprovalSettings(database.db, clock, depositPolicy);
  return depositPolicy;
}

/** The Fastify instance with its limits, request ids, one log line per request and zod's compilers. */
function createFastify(config: Config, options: BuildOptions) {
  const app = Fastify({
    // Secrets (tokens in URLs, passwords, PINs, codes, cookies) never reach a log line: lib/log-redaction.ts.
    logger: options.logger === false ? false : loggerOptions(config.LOG_LEVEL, options.logger),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    return503OnClosing: true,
    // Starting copies the web build into the asset archive (plugins/web.ts) and may migrate: on a
    // busy 2-core host that took longer than Fastify's default 10 s per plugin, and a server that
    // refuses to start is worse than one that starts slowly (/readyz answers once it is up).
    pluginTimeout: 60_000,
    // Bad URLs the router refuses answer in the one error body too (plugins/errors.ts).
    frameworkErrors: frameworkErrorReply,
    // One line per request, written below when it ends, instead of Fastify's two with nested objects.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks, so that every other one runs inside the request's span.
  const tracer = activeTracer();
  if (tracer) traceRequests(app, tracer);
  // The id in every log line of a request, handed back so a customer's report can be traced.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Flat fields (pino writes them without walking objects); the URL's secret parameters hidden.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request completed',
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers through fast-json-stringify from the zod schemas' JSON Schema (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  return app;
}

/** What every route stands on: session revocations, the error body, security headers, compression, cookies, sessions, docs. */
async function registerPlatform(app: App, { config, database, clock }: AppDeps) {
  // Several instances: a session ended on one is refused at once by all (domain/auth/session-cache.ts).
  if (config.REDIS_URL) {
    const revocations = await joinSessionRevocations(config.REDIS_URL, app.log);
    app.addHook('onClose', async () => revocations.close());
  }
  // A closing is announced by the database on commit, heard here with or without Redis.
  if (config.DATABASE_URL && database.kind === 'postgres') {
    const closings = await listenForSessionRevocations(config.DATABASE_URL, app.log);
    app.addHook('onClose', async () => closings.close());
  }
  await app.register(errors, { availability: database.availability });
  // The outage's two log lines go where the app's go; the probe runs while the app does.
  database.availability.attachLogger(app.log);
  database.availability.watch();
  await app.register(security, { appUrl: config.appUrl });
  await app.register(compression, compressionOptions);
  await app.register(cookie);
  await app.register(sessions, { db: database.db, clock, secureCookies: config.isProduction || config.appUrl.startsWith('https:') });
  await app.register(staffSessions, {
    db: database.db,
    clock,
    secureCookies: config.isProduction || config.appUrl.startsWith('https:'),
    idleMinutes: config.STAFF_SESSION_IDLE_MINUTES,
  });
  await app.register(docs);
}

/** What route plugins receive: the given providers, or those the configuration names. */
function routeContext(app: App, deps: AppDeps, depositPolicy: DepositPolicy): RouteContext {
  const { config, database, clock } = deps;
  return {
    config,
    db: database.db,
    clock,
    messenger: deps.messenger,
    files: deps.files,
    bankLookup: deps.bankLookup,
    marketData: deps.marketData ?? createMarketData(config, clock),
    airtime: deps.airtime ?? createAirtimeProvider(config),
    bills: deps.bills ?? createBillsProvider(config),
    payouts: deps.payouts ?? createPayoutProvider(config, database.db, clock),
    identity: deps.identity ?? createIdentityProvider(config),
    chains: {
      watchers: deps.chainWatchers ?? createChainWatchers(config, database.db, clock),
      derivers: deps.addressDerivers ?? addressDeriversFromConfig(config),
      policy: depositPolicy,
      solanaRecipient: config.CRYPTO_SOLANA_RECIPIENT,
      solanaUsdtMint: config.CRYPTO_SOLANA_USDT_MINT,
    },
    rates: createRateGuard(deps.limiter, config.RATE_LIMIT_MULTIPLIER),
    auth: {
      clock,
      secret: config.sessionSecret,
      messenger: deps.messenger,
      appUrl: config.appUrl,
      onDeliveryError: (error) => app.log.error({ err: error }, 'message delivery failed'),
    },
  };
}

/** Every API route: probes, the customer's API, live updates, the back office, webhooks, the development helpers. */
async function registerRoutes(app: App, deps: AppDeps, ctx: RouteContext) {
  const { config, database, files } = deps;
  await app.register(healthRoutes, {
    database,
    jobWorkerAlive: deps.jobWorkerAlive,
    fileStoreReady: files.ready ? () => files.ready!() : undefined,
  });
  await app.register(metrics, { database, token: config.METRICS_TOKEN, production: config.isProduction });
  await registerCustomerRoutes(app, ctx);
  await registerLiveUpdates(app, deps, ctx);
  // The back office (staff only): routes/admin.
  await app.register(adminRoutes, { prefix: '/api/admin', ctx });
  // The payout provider's webhook (public, signature-checked over the raw body).
  await app.register(payoutWebhookRoutes, { prefix: '/api/payouts', ctx });
  if (deps.outbox && config.isDevelopment) await app.register(devRoutes, { prefix: '/api/dev', outbox: deps.outbox });
  // The sandbox chain's "send" (docs/crypto-settlement.md, "The sandbox chain"): never in production (config.ts refuses the sandbox there).
  const sandboxChain = config.isDevelopment ? sandboxChainFromConfig(config, database.db, deps.clock) : null;
  if (sandboxChain) await app.register(devChainRoutes, { prefix: '/api/dev/chain', chain: sandboxChain });
}

/** The customer's API under /api, each area under its own prefix. */
async function registerCustomerRoutes(app: App, ctx: RouteContext) {
  await app.register(appInfoRoutes, { prefix: '/api/app-info', ctx });
  await app.register(authRoutes, { prefix: '/api/auth', ctx });
  await app.register(passkeyLoginRoutes, { prefix: '/api/auth/passkeys', ctx });
  // Account area: dashboard, PIN, profile, bank, notifications, transactions, support.
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', ctx });
  await app.register(pinRoutes, { prefix: '/api/pin', ctx });
  await app.register(profileRoutes, { prefix: '/api/profile', ctx });
  await app.register(passkeyProfileRoutes, { prefix: '/api/profile/passkeys', ctx });
  await app.register(verificationRoutes, { prefix: '/api/profile/verification', ctx });
  await app.register(dataRightsRoutes, { prefix: '/api/profile', ctx });
  await app.register(limitRoutes, { prefix: '/api/profile/limits', ctx });
  await app.register(bankRoutes, { prefix: '/api', ctx });
  await app.register(notificationRoutes, { prefix: '/api/notifications', ctx });
  await app.register(transactionRoutes, { prefix: '/api/transactions', ctx });
  await app.register(receiptRoutes, { prefix: '/api/transactions', ctx });
  await app.register(giftCardRoutes, { prefix: '/api/giftcards', ctx });
  // Public rates (no session) and the customer's rate alerts.
  await app.register(rateRoutes, { prefix: '/api/rates', ctx });
  await app.register(saleRoutes, { prefix: '/api/sales', ctx });
  await app.register(reviewTimeRoutes, { prefix: '/api/sales', ctx });
  await app.register(salesSummaryRoutes, { prefix: '/api/sales', ctx });
  await app.register(supportRoutes, { prefix: '/api/support', ctx });
  await app.register(gemRoutes, { prefix: '/api/gems', ctx });
  await app.register(rewardRoutes, { prefix: '/api/rewards', ctx });
  await app.register(referralRoutes, { prefix: '/api/referrals', ctx });
  await app.register(cryptoRoutes, { prefix: '/api/crypto', ctx });
  await app.register(billRoutes, { prefix: '/api/bills', ctx });
  await app.register(pushRoutes, { prefix: '/api/push', ctx });
}

/** Live updates (domain/events/hub.ts): across instances through PostgreSQL, in process on the embedded database. */
async function registerLiveUpdates(app: App, { config, database }: AppDeps, ctx: RouteContext) {
  const hub = new EventHub(EVENT_STREAMS_PER_CUSTOMER, app.log);
  if (config.DATABASE_URL && database.kind === 'postgres') await hub.listen(config.DATABASE_URL);
  else registerInProcessHub(hub);
  app.addHook('preClose', async () => hub.close());
  // A logout ends that session's streams here at once (other instances at their next heartbeat).
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST' && request.url === '/api/auth/logout') {
      const token = request.cookies[SESSION_COOKIE];
      if (token) hub.endSession(sha256(token));
    }
  });
  await app.register(eventRoutes, { prefix: '/api/events', ctx, hub });
}

/** The web app's files, with the assets of earlier builds kept for open tabs (plugins/web.ts). */
async function registerWeb(app: App, config: Config) {
  const archive = {
    dir: path.resolve(config.WEB_ASSET_ARCHIVE_DIR ?? path.join(config.dataDir, 'web-assets')),
    retentionMs: config.WEB_ASSET_RETENTION_DAYS * 24 * 60 * 60 * 1000,
  };
  await app.register(webPlugin, { root: config.webDist, archive, heads: pageHeads(config.appUrl) });
}
