import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { resealCardCodes, type ResealResult } from './domain/sales/card-codes';
import { createAppJobWorker, jobLanes } from './app-jobs';
import { rateAlertJobs } from './domain/rates/jobs';
import { listenForJobs, type JobsListener } from './jobs/wake';
import type { JobSet, JobWorker } from './jobs/worker';
import { dataRightsJobs } from './domain/privacy/export';
import { systemClock } from './lib/clock';
import { logErrorToStderr } from './lib/log-redaction';
import { useTracer, type Tracer } from './lib/tracing';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { consoleRedisLogger, type RedisLogger } from './lib/redis';
import { createProviders, type Providers } from './providers/index';
import { marketSettings } from './domain/crypto/market-cache';
import { marketDataJobs } from './domain/crypto/jobs';
import { billJobs } from './domain/bills/jobs';
import { billSettings } from './domain/bills/settings';
import { emailJobs } from './domain/notifications/email';
import { payoutJobs } from './domain/payouts/jobs';
import { payoutSettings } from './domain/payouts/settings';
import { pushJobs } from './domain/push/jobs';
import { alertSettings, operationsJobs } from './domain/operations/jobs';
import { identityJobs } from './domain/identity/tier2';
import { reconciliationJobs, reconciliationSettings } from './domain/reconciliation/jobs';
import { addressDeriversFromConfig, depositPolicyOf, depositWatchJobs } from './domain/crypto-deposits/index';
import { metricsObserver } from './domain/crypto-deposits/metrics';
import { transactionCheckJobs } from './domain/sales/transaction-check';
import { createChainWatchers } from './providers/chains/index';

/**
 * The last resort for an error nothing handled. No known fault may reach it: lost database
 * connections, Redis and provider failures are all handled where they happen. Until the app can
 * drain, it logs and exits at once; server.ts swaps in the draining version once the app is up.
 */
let lastResort = (kind: string, error: unknown): void => {
  logErrorToStderr(`${kind}: a fault nothing handled; exiting`, error);
  process.exit(1);
};
process.on('uncaughtException', (error) => lastResort('uncaughtException', error));
process.on('unhandledRejection', (reason) => lastResort('unhandledRejection', reason));

async function main() {
  const config = configOrExit();
  const tracing = await startTracing(config);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolMax: config.DATABASE_POOL_MAX });
  await migrate(database);
  // The data step after the migrations: plain-text card codes from before 0017 are sealed, and codes
  // under an older key re-encrypted under the current one (key rotation; sales/README.md).
  const resealed = await resealCardCodes(database.db, config.cardCodeKeys);
  // Redis is optional at run time (lib/redis.ts): its losses and returns are logged through the
  // app's logger once it exists.
  const redisLog: { current?: RedisLogger } = {};
  const limiter = createRateLimiter(config.REDIS_URL, {
    warn: (details, message) => (redisLog.current ?? consoleRedisLogger).warn(details, message),
    info: (details, message) => (redisLog.current ?? consoleRedisLogger).info(details, message),
  });
  const providers = createProviders(config, database.db);
  // Built after the app (its jobs log through the app's logger); /readyz asks it once it exists.
  const worker: { current?: JobWorker } = {};
  // Crypto settlement (docs/crypto-settlement.md): one set of watchers for the routes and the watch jobs.
  const chainWatchers = createChainWatchers(config, database.db, systemClock);
  const addressDerivers = addressDeriversFromConfig(config);
  const app = await buildApp({
    chainWatchers,
    addressDerivers,
    config,
    database,
    ...providers,
    limiter,
    clock: systemClock,
    jobWorkerAlive: () => worker.current?.alive ?? false,
  });
  providers.outbox?.attachLogger(app.log);
  redisLog.current = app.log;
  tracing.logExportErrorsTo(app.log);
  logResealedCodes(app.log, resealed);
  warnOfProductionGaps(app.log, config, providers);

  const jobs = await startJobs(app.log, database, config, appJobSets(config, providers, chainWatchers));
  worker.current = jobs.worker;
  drainOnSignalsAndFaults(app, { ...jobs, limiter, database, tracer: tracing.tracer });

  await app.listen({ port: config.PORT, host: config.HOST });
  // The runtime is named so a deploy that started on the wrong Node shows it in its first lines.
  app.log.info(
    `Wise is up on ${config.appUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.version})`,
  );
  if (config.tracing) app.log.info(`traces are sent to ${new URL(config.tracing.tracesUrl).origin} as ${config.tracing.serviceName}`);
}

/** The configuration, or its errors printed and the process ended. */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Traces only when an OTLP endpoint is configured: the SDK is imported here and nowhere else,
 * before the database opens so that its connections are traced (lib/tracing.ts). Export failures
 * go to stderr until the app's logger exists.
 */
async function startTracing(config: Config) {
  const exportFailed = 'traces could not be sent to the collector';
  let reportExportError = (error: Error) => logErrorToStderr(exportFailed, error);
  const tracing = config.tracing;
  const tracer = tracing
    ? await import('./lib/otel').then(({ startOtelTracer }) => startOtelTracer(tracing, (error) => reportExportError(error)))
    : undefined;
  useTracer(tracer);
  return {
    tracer,
    logExportErrorsTo(logger: FastifyBaseLogger) {
      reportExportError = (error) => logger.warn({ err: error }, exportFailed);
    },
  };
}

function logResealedCodes(logger: FastifyBaseLogger, resealed: ResealResult) {
  if (resealed.sealed + resealed.rekeyed > 0) logger.info(resealed, 'card codes sealed or re-encrypted under the current key');
  if (resealed.unreadable > 0)
    logger.error(resealed, 'card codes under a key missing from CARD_CODE_KEYS: put the old key back after the current one');
}

/** What a production server runs without, said at every start: the sandboxes a staging server may use (SANDBOX_PROVIDERS), push without its keys. */
function warnOfProductionGaps(logger: FastifyBaseLogger, config: Config, providers: Providers) {
  if (!config.isProduction) return;
  if (providers.marketData.name === 'sandbox') {
    logger.warn('COINGECKO_API_KEY is not set: crypto prices come from the offline sandbox');
  }
  if (providers.airtime.name === 'sandbox' || providers.bills.name === 'sandbox') {
    logger.warn(
      config.BILLS_PROVIDER === 'vtpass'
        ? 'VTPASS_ settings are incomplete: bill purchases go to the offline sandbox'
        : 'AIRTIME_PUBLIC_KEY or BILLS_PUBLIC_KEY is not set: bill purchases go to the offline sandbox',
    );
  }
  if (providers.payouts.name === 'sandbox') {
    logger.warn('PAYOUT_SECRET_KEY is not set: payouts go to the offline sandbox and nobody is paid');
  }
  if (providers.identity.name === 'sandbox') {
    logger.warn('IDENTITY_PROVIDER is sandbox: BVN and NIN checks use the offline sandbox and verify nobody real');
  }
  if (!config.vapid)
    logger.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: customers cannot turn on notifications on their devices');
}

type ChainWatchers = ReturnType<typeof createChainWatchers>;

/** Every area's background jobs (src/jobs/README.md), with the same provider instances as the routes. */
function appJobSets(config: Config, providers: Providers, chainWatchers: ChainWatchers): JobSet[] {
  // The crypto market-data refresh needs the provider built above, so it joins here.
  const cryptoJobs = marketDataJobs(providers.marketData, marketSettings(config));
  // Bill status queries, the recovery sweep and the plan refresh use the same provider instances as the routes.
  const bills = billJobs({ clock: systemClock, airtime: providers.airtime, bills: providers.bills, settings: billSettings(config) });
  // E-mails about money (sale paid or rejected, PIN reset) leave through the queue.
  const emails = emailJobs(providers.messenger);
  // Payouts: the transfer after approval, its status queries and the recovery sweep, with the same provider as the webhook.
  const payouts = payoutJobs({ clock: systemClock, provider: providers.payouts, settings: payoutSettings(config), appUrl: config.appUrl });
  // Web Push to the customers' devices (sale paid or rejected, bill order settled); without VAPID keys nobody can subscribe.
  const push = pushJobs(config.vapid, { testHosts: config.pushTestHosts });
  // The daily reconciliation with Paystack and the bill services, and the bill wallet's balance.
  const reconciliation = reconciliationJobs({
    clock: systemClock,
    payouts: providers.payouts,
    airtime: providers.airtime,
    bills: providers.bills,
    ...reconciliationSettings(config),
  });
  // "Download my data": the export is built, sealed and its one-time link e-mailed.
  const dataRights = dataRightsJobs({ messenger: providers.messenger, appUrl: config.appUrl, clock: systemClock });
  // Tier 2: the provider's document + selfie check after a submission, and the images' retention clean-up.
  const identity = identityJobs({ files: providers.files, provider: providers.identity, retentionDays: config.KYC_IMAGE_RETENTION_DAYS });
  // Rate alerts: checked after an admin's rate change and each coin price refresh; the e-mail links to /rates.
  const rateAlerts = rateAlertJobs({ appUrl: config.appUrl });
  // The chain watch loop: each configured network every CRYPTO_WATCH_INTERVAL_MS; clean deposits are approved and paid.
  const deposits = depositWatchJobs({
    clock: systemClock,
    watchers: chainWatchers,
    policy: depositPolicyOf(config),
    quotes: {
      provider: providers.marketData,
      clock: systemClock,
      settings: marketSettings(config),
      quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000,
    },
    observer: metricsObserver(),
    appUrl: config.appUrl,
  });
  // A manual crypto sale's transaction ID, checked on chain by the network's watcher (none configured: "not checked").
  const transactionChecks = transactionCheckJobs(chainWatchers);
  return [
    cryptoJobs,
    bills,
    emails,
    payouts,
    push,
    operationsJobs(alertSettings(config)),
    reconciliation,
    dataRights,
    identity,
    rateAlerts,
    deposits,
    transactionChecks,
  ];
}

/** The job worker, started after the migrations and stopped in shutdown, and what wakes it. */
async function startJobs(logger: FastifyBaseLogger, database: Database, config: Config, jobSets: JobSet[]) {
  const worker = createAppJobWorker(
    database.db,
    {
      clock: systemClock,
      logger,
      concurrency: config.JOB_CONCURRENCY,
      timeoutMs: config.JOB_TIMEOUT_S * 1000,
      lanes: jobLanes(config),
    },
    jobSets,
  );
  worker.start();
  // Other instances' jobs wake this worker when their transaction commits (jobs/wake.ts); the
  // embedded database runs one instance, woken in process.
  const listener = config.DATABASE_URL ? await listenForJobs(config.DATABASE_URL, (runAt) => worker.wakeUp(runAt), logger) : undefined;
  return { worker, listener };
}

interface Resources {
  worker: JobWorker;
  listener?: JobsListener;
  limiter: RateLimiter;
  database: Database;
  tracer?: Tracer;
}

/** SIGTERM, SIGINT and, once the app can drain, a fault nothing handled: requests finish, then each resource closes. */
function drainOnSignalsAndFaults(app: FastifyInstance, resources: Resources) {
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await resources.listener?.close();
    await resources.worker.stop(); // waits ≤ 5 s for running jobs; the rest are retried after their lease
    await resources.limiter.close();
    await resources.database.close();
    await resources.tracer?.shutdown(); // the spans still waiting for their batch
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Now that the app can drain: a fault nothing handled is logged, in-flight requests finish, and the
  // process exits non-zero for its supervisor to restart it (docs/RELIABILITY.md, "Faults").
  lastResort = (kind, error) => {
    app.log.fatal({ err: error }, `${kind}: a fault nothing handled; draining and exiting`);
    void shutdown(kind, 1).catch(() => process.exit(1));
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
