import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { PRODUCTION_TEST_ENV } from './support/production-env';
import { serverProgramArgs } from './support/server-build';

const run = promisify(execFile);

/** A valid CARD_CODE_KEYS value (one 32-byte key). */
const CARD_KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
/** Production's PostgreSQL (never dialled: loadConfig only reads it). */
const DB_URL = 'postgres://wise@db.internal:5432/wise';
/** Production needs GET /metrics' bearer token (plugins/metrics.ts). */
const METRICS_TOKEN = 'config-test-metrics-token-000000000000';

describe('configuration', () => {
  it('has working defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      APP_TIMEZONE: 'Africa/Lagos',
      appUrl: 'http://localhost:3000',
      isProduction: false,
      isDevelopment: true,
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('binds a development server to this machine only, a production one to every interface', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: DB_URL,
      SMTP_URL: 'smtp://mail.example.com:587',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://wise.example.com',
      SANDBOX_PROVIDERS: 'true',
      CARD_CODE_KEYS: CARD_KEYS,
      METRICS_TOKEN,
    };
    expect(loadConfig(production).HOST).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://wise@db.internal:5432/wise' }],
    ['SMTP_URL', { SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }],
    ['APP_URL', { APP_URL: 'https://app.wise.ng' }],
  ])('refuses to start in development by default when %s looks like a real deployment', (name, env) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('NODE_ENV');
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).toContain('NODE_ENV=production');
    // Saying so on purpose is allowed: a developer pointing at a local PostgreSQL, say.
    expect(() => loadConfig({ ...env, NODE_ENV: 'development' })).not.toThrow();
  });

  it('treats a loopback APP_URL as the quick start, not a deployment', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ APP_URL: url }).isDevelopment).toBe(true);
    }
  });

  it('has approval limits, whole naira, validated', () => {
    expect(loadConfig({})).toMatchObject({ APPROVAL_LIMIT_NAIRA: 500_000, REVIEWER_DAILY_LIMIT_NAIRA: 5_000_000 });
    expect(loadConfig({ APPROVAL_LIMIT_NAIRA: '250000', REVIEWER_DAILY_LIMIT_NAIRA: '1000000' })).toMatchObject({
      APPROVAL_LIMIT_NAIRA: 250_000,
      REVIEWER_DAILY_LIMIT_NAIRA: 1_000_000,
    });
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadConfig({ APPROVAL_LIMIT_NAIRA: bad })).toThrowError(/APPROVAL_LIMIT_NAIRA/);
      expect(() => loadConfig({ REVIEWER_DAILY_LIMIT_NAIRA: bad })).toThrowError(/REVIEWER_DAILY_LIMIT_NAIRA/);
    }
  });

  it('turns tracing on only with an OTLP endpoint, from the standard OTEL_* variables, validated', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toMatchObject({
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'wise-server',
      sampler: 'parentbased_always_on',
      scheduledDelayMs: 5000,
    });
    const tracing = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/in',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D,team=wise',
      OTEL_SERVICE_NAME: 'wise-eu',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    }).tracing;
    expect(tracing).toMatchObject({
      tracesUrl: 'https://traces.example.com/in',
      headers: { 'x-api-key': 'abc==', team: 'wise' },
      serviceName: 'wise-eu',
      resourceAttributes: { 'deployment.environment.name': 'staging' },
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrowError(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrowError(
      /OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/json/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'just-a-token' })).toThrowError(/OTEL_EXPORTER_OTLP_HEADERS/);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '2' })).toThrowError(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrowError(/OTEL_TRACES_SAMPLER/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrowError(/APP_TIMEZONE: is not a known IANA time zone/);
    expect(() => loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'not a url' })).toThrowError(/DATABASE_URL/);
  });

  it('refuses production on sandbox providers unless a staging server says so', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: DB_URL,
      SMTP_URL: 'smtp://mail.example.com:587',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://wise.example.com',
      CARD_CODE_KEYS: CARD_KEYS,
      METRICS_TOKEN,
    };
    expect(() => loadConfig(production)).toThrowError(/COINGECKO_API_KEY: is required in production/);
    expect(() => loadConfig(production)).toThrowError(/BANK_LOOKUP_SECRET_KEY/);
    expect(() => loadConfig(production)).toThrowError(/AIRTIME_PUBLIC_KEY: is required in production/);
    expect(() => loadConfig(production)).toThrowError(/BILLS_PUBLIC_KEY: is required in production/);
    expect(() => loadConfig(production)).toThrowError(/PAYOUT_SECRET_KEY: is required in production/);
    expect(() => loadConfig(production)).toThrowError(/IDENTITY_PROVIDER: must be dojah in production/);
    expect(() => loadConfig({ ...production, SANDBOX_PROVIDERS: 'true' })).not.toThrow();
  });

  it('takes Dojah for identity checks only with both its keys, over https in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).IDENTITY_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ NODE_ENV: 'development', IDENTITY_PROVIDER: 'dojah', DOJAH_APP_ID: 'app' })).toThrowError(
      /DOJAH_SECRET_KEY: is required when IDENTITY_PROVIDER=dojah/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', DOJAH_SECRET_KEY: 'test_sk_x' })).toThrowError(
      /IDENTITY_PROVIDER: is not dojah but DOJAH_SECRET_KEY is set/,
    );
    const staging = {
      NODE_ENV: 'production',
      DATABASE_URL: DB_URL,
      SMTP_URL: 'smtp://mail.example.com:587',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://wise.example.com',
      CARD_CODE_KEYS: CARD_KEYS,
      SANDBOX_PROVIDERS: 'true',
      METRICS_TOKEN,
    };
    const dojah = { IDENTITY_PROVIDER: 'dojah', DOJAH_APP_ID: 'app', DOJAH_SECRET_KEY: 'prod_sk_x' };
    expect(() => loadConfig({ ...staging, ...dojah, DOJAH_BASE_URL: 'http://api.dojah.io' })).toThrowError(
      /DOJAH_BASE_URL: must be an https/,
    );
    expect(loadConfig({ ...staging, ...dojah }).DOJAH_BASE_URL).toBe('https://api.dojah.io');
  });

  it('refuses production without CARD_CODE_KEYS, and a malformed key anywhere; development derives a key', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: DB_URL,
      SMTP_URL: 'smtp://mail.example.com:587',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://wise.example.com',
      SANDBOX_PROVIDERS: 'true',
      METRICS_TOKEN,
    };
    expect(() => loadConfig(production)).toThrowError(/CARD_CODE_KEYS: is required in production/);
    expect(() => loadConfig({ ...production, CARD_CODE_KEYS: 'k1:c2hvcnQ=' })).toThrowError(/CARD_CODE_KEYS: key "k1" must be 32 bytes/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'development',
        CARD_CODE_KEYS: `k1:${Buffer.alloc(32).toString('base64')},k1:${Buffer.alloc(32).toString('base64')}`,
      }),
    ).toThrowError(/CARD_CODE_KEYS: key ids must be different/);
    const rotated = loadConfig({
      ...production,
      CARD_CODE_KEYS: `new:${Buffer.alloc(32, 1).toString('base64')}, old:${CARD_KEYS.slice(3)}`,
    });
    expect(rotated.cardCodeKeys.current.id).toBe('new');
    expect(rotated.cardCodeKeys.keys.map((key) => key.id)).toEqual(['new', 'old']);
    expect(loadConfig({ NODE_ENV: 'development' }).cardCodeKeys.current.id).toBe('dev');
  });

  it('refuses production without DATABASE_URL, SMTP_URL, SESSION_SECRET and APP_URL', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'SESSION_SECRET', 'APP_URL']) expect(message).toContain(name);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: DB_URL,
        SMTP_URL: 'smtp://mail.example.com:587',
        SESSION_SECRET: 'x'.repeat(40),
        APP_URL: 'https://wise.example.com',
        BANK_LOOKUP_SECRET_KEY: 'sk_live_x',
        COINGECKO_API_KEY: 'cg-x',
        AIRTIME_PUBLIC_KEY: 'pk_live_airtime',
        AIRTIME_BASE_URL: 'https://airtime.example.com',
        BILLS_PUBLIC_KEY: 'pk_live_bills',
        BILLS_BASE_URL: 'https://bills.example.com',
        PAYOUT_SECRET_KEY: 'sk_live_payout',
        IDENTITY_PROVIDER: 'dojah',
        DOJAH_APP_ID: 'app-id',
        DOJAH_SECRET_KEY: 'prod_sk_x',
        CARD_CODE_KEYS: CARD_KEYS,
        METRICS_TOKEN,
      }),
    ).not.toThrow();
  });

  it("refuses production without DATABASE_URL, saying the embedded database is not for customers' money", () => {
    const staging = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://wise.example.com',
      SANDBOX_PROVIDERS: 'true',
      CARD_CODE_KEYS: CARD_KEYS,
      METRICS_TOKEN,
    };
    expect(() => loadConfig(staging)).toThrowError(ConfigError);
    expect(() => loadConfig(staging)).toThrowError(
      /DATABASE_URL: is required in production: the embedded database .* is not a place for customers' money/,
    );
    expect(loadConfig({ ...staging, DATABASE_URL: 'postgres://wise@db.internal:5432/wise' }).DATABASE_URL).toBe(
      'postgres://wise@db.internal:5432/wise',
    );
    // The quick start keeps the embedded database with no configuration at all.
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
  });

  // A generous bound: loading the server took up to 20 s on a busy 2-core machine.
  it('stops a production server without DATABASE_URL before it opens the embedded database', { timeout: 90_000 }, async () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wise-no-database-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION_TEST_ENV, DATA_DIR: dataDir, PORT: '1' };
      delete env.DATABASE_URL;
      const failure = await run(process.execPath, serverProgramArgs('server'), { cwd: serverDir, env, timeout: 80_000 }).then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(
        /DATABASE_URL: is required in production: the embedded database .* is not a place for customers' money/,
      );
      // It stopped before creating anything in DATA_DIR.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('stops a server given production settings without NODE_ENV, saying which to set', async () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const env: NodeJS.ProcessEnv = { ...process.env, SMTP_URL: 'smtp://mail.example.com:587', APP_URL: 'https://app.wise.ng' };
    delete env.NODE_ENV;
    const failure = await run(process.execPath, serverProgramArgs('server'), { cwd: serverDir, env, timeout: 20_000 }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('NODE_ENV=production');
    expect(failure?.stderr).toContain('SMTP_URL');
  });

  it('stops the server at start with a message naming the variable', async () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const failure = await run(process.execPath, serverProgramArgs('server'), {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', NODE_ENV: 'development' },
      timeout: 20_000,
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('PORT');
    // No stack trace, from the sources (tsx) or the compiled bundle.
    expect(failure?.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});
