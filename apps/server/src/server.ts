import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { systemClock } from './lib/clock';
import { createRateLimiter } from './lib/rate-limiter';
import { ChannelMessenger, Outbox, SmtpMailer, TermiiSms, type Messenger } from './messaging/messenger';

function messengers(config: Config): { messenger: Messenger; outbox?: Outbox } {
  const outbox = config.isDevelopment ? new Outbox() : undefined;
  const fallback: Messenger = outbox ?? {
    send: async () => {
      throw new Error('no transport configured for this channel');
    },
  };
  const email = config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : fallback;
  const sms = config.SMS_API_KEY ? new TermiiSms(config.SMS_API_KEY, config.SMS_BASE_URL, config.SMS_SENDER_ID) : fallback;
  return { messenger: new ChannelMessenger({ email, sms }), outbox };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(database);
  const limiter = createRateLimiter(config.REDIS_URL);
  const { messenger, outbox } = messengers(config);
  const app = await buildApp({ config, database, messenger, outbox, limiter, clock: systemClock });
  outbox?.attachLogger(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await limiter.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Wise is up on ${config.appUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
