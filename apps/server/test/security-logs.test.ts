import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { REDACTED, redactFields, redactText, redactUrl, serializeError } from '../src/lib/log-redaction';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createBankLookup } from '../src/providers/bank-lookup/index';
import { createFileStore } from '../src/providers/file-store/index';
import { Outbox } from '../src/providers/messaging/index';
import { openTestDatabase } from './support/db';

/** The app as it runs, logging at trace level into memory: every line it writes is checked. */
const lines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', RATE_LIMIT_MULTIPLIER: '1000' });
  const logger = { level: 'trace', stream: { write: (line: string) => void lines.push(line) } };
  const outbox = new Outbox();
  app = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      limiter: new MemoryRateLimiter(),
      clock: systemClock,
    },
    { logger, serveWeb: false },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const secret = (label: string) => `S3cr3t${label}Zq${Math.random().toString(36).slice(2, 10)}`;

describe('no secret reaches the log', () => {
  it('reset tokens, codes, PINs and passwords in URLs, bodies, headers and messages are redacted', async () => {
    const secrets: string[] = [];
    const s = (label: string) => {
      const value = secret(label);
      secrets.push(value);
      return value;
    };

    // The e-mailed reset link is a GET with the token in its query string.
    await app.inject({ method: 'GET', url: `/passwordreset/newpassword?token=${s('Link')}` });
    await app.inject({ method: 'GET', url: `/api/auth/me?otp=${s('Otp')}&pin=${s('Pin')}&password=${s('Pass')}&x=1` });
    await app.inject({
      method: 'GET',
      url: `/api/nothing?access_token=${s('Access')}&code=${s('Code')}`,
      headers: { cookie: `wise_session=${s('Cookie')}`, authorization: `Bearer ${s('Bearer')}` },
    });
    // A broken escape in the path makes Fastify's own error quote the URL.
    await app.inject({ method: 'GET', url: `/api/%zz?token=${s('BadUrl')}` });
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email_or_phone: 'ada@gmail.com', password: s('Login') } });
    await app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { email: 'ada@gmail.com', otp: '4821' } });
    await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: s('Reset'), new_password: s('NewPass'), confirm_password: 'different pass' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"password":"${s('Malformed')}"`,
    });

    // What handlers and plugins might log themselves.
    app.log.info({ body: { password: s('Body'), pin: s('BodyPin') }, headers: { cookie: s('Header') } }, 'a body');
    app.log.info(`link was /passwordreset/newpassword?token=${s('Message')}`);
    app.log.error(
      { err: new Error(`provider refused {"otp_code":"${s('ErrJson')}"} at https://x.example/cb?signature=${s('ErrUrl')}`) },
      'failed',
    );
    const wrapped = new Error('Failed query: update users set password_hash = $1\nparams: ' + s('Params'));
    Object.assign(wrapped, { params: [secrets.at(-1)] });
    app.log.error({ err: wrapped }, 'query failed');

    await new Promise((resolve) => setImmediate(resolve));
    const output = lines.join('');
    // The logging really happened: requests, URLs and the messages are there, minus their secrets.
    expect(output).toContain('request completed');
    expect(output).toContain('/passwordreset/newpassword?token=[REDACTED]');
    expect(output).toContain('&x=1');
    expect(output).toContain('link was /passwordreset/newpassword?token=[REDACTED]');
    expect(output).toContain('provider refused');
    for (const value of secrets) expect(output, value).not.toContain(value);
    // A four-digit code can turn up by chance in a request ID, a time or a pid, so it is looked for in the rest.
    const withoutNoise = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .map(({ time: _time, pid: _pid, reqId: _reqId, ms: _ms, ...rest }) => JSON.stringify(rest))
      .join('\n');
    expect(withoutNoise).toContain('/api/auth/otp/verify');
    expect(withoutNoise, 'the OTP').not.toContain('4821');
  });
});

describe('redaction helpers', () => {
  it("never logs the stored values PostgreSQL quotes in a failed write's detail, but keeps what failed", async () => {
    const database = await openTestDatabase();
    try {
      const error = await database
        .query('INSERT INTO users (full_name, username, email, phone, password_hash) VALUES ($1, NULL, $2, $3, $4)', [
          'Ada Secret-Person',
          'ada@leak.com',
          '+2348031234567',
          'h',
        ])
        .catch((caught: unknown) => caught);
      const line = JSON.stringify(serializeError(error));
      expect(line).not.toContain('ada@leak.com');
      expect(line).not.toContain('Secret-Person');
      expect(line).toContain(REDACTED);
      expect(line).toMatch(/"code":"23502"/);
    } finally {
      await database.close();
    }
  });

  it('rewrites only the secret query parameters of a URL', () => {
    expect(redactUrl('/a?token=abc&status=pending&otp_code=1234')).toBe('/a?token=[REDACTED]&status=pending&otp_code=[REDACTED]');
    expect(redactUrl('/a?Token%5B%5D=x&q')).toBe('/a?Token%5B%5D=[REDACTED]&q');
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?status=pending')).toBe('/a?status=pending');
  });

  it('hides secret-named fields at any depth and in any case, without changing what was logged', () => {
    const logged = {
      method: 'GET',
      status: 200,
      body: { Password: 'p', items: [{ pin: '1', amount: 5 }] },
      headers: { 'set-cookie': ['a'], accept: '*/*' },
      at: new Date(0),
    };
    const before = structuredClone(logged);
    expect(redactFields(logged)).toEqual({
      method: 'GET',
      status: 200,
      body: { Password: REDACTED, items: [{ pin: REDACTED, amount: 5 }] },
      headers: { 'set-cookie': REDACTED, accept: '*/*' },
      at: new Date(0),
    });
    expect(logged).toEqual(before);
    // A line without secrets is passed on as it is: nothing copied.
    const plain = { method: 'GET', url: '/healthz', status: 200, ms: 0.4 };
    expect(redactFields(plain)).toBe(plain);
  });

  it('finds pairs inside free text', () => {
    expect(redactText('GET https://x/y?reset_token=abc.def-1 then')).toBe('GET https://x/y?reset_token=[REDACTED] then');
    expect(redactText('{"pin":"1234","amount":5}')).toBe('{"pin":"[REDACTED]","amount":5}');
    expect(redactText('nothing secret here, id=5')).toBe('nothing secret here, id=5');
  });
});
