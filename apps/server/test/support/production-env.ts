/**
 * What a test needs to start the server as production would (config.ts refuses production
 * without these): real-looking values, none of them secret.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  // Production refuses the embedded database. In-process tests hand the app their own test
  // database, so this address is never dialled; a spawned server is given a real one.
  DATABASE_URL: 'postgres://wise@db.example.com:5432/wise',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SESSION_SECRET: 's'.repeat(40),
  APP_URL: 'https://wise.example.com',
  SANDBOX_PROVIDERS: 'true',
  // One 32-byte key for the gift-card codes (docs/configuration.md, `CARD_CODE_KEYS`).
  CARD_CODE_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}`,
  // GET /metrics only with the bearer token in production (plugins/metrics.ts).
  METRICS_TOKEN: 'production-test-metrics-token-0000000000',
} as const;
