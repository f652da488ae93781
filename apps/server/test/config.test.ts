import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const run = promisify(execFile);

describe('configuration', () => {
  it('has working defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      APP_TIMEZONE: 'Africa/Lagos',
      appUrl: 'http://localhost:3000',
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/PORT/);
    expect(() => loadConfig({ APP_TIMEZONE: 'Mars/Olympus' })).toThrowError(/APP_TIMEZONE: is not a known IANA time zone/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrowError(/DATABASE_URL/);
  });

  it('refuses production without SMTP_URL, SESSION_SECRET and APP_URL', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['SMTP_URL', 'SESSION_SECRET', 'APP_URL']) expect(message).toContain(name);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com:587',
        SESSION_SECRET: 'x'.repeat(40),
        APP_URL: 'https://wise.example.com',
      }),
    ).not.toThrow();
  });

  it('stops the server at start with a message naming the variable', async () => {
    const serverDir = path.resolve(import.meta.dirname, '..');
    const failure = await run('npx', ['tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', NODE_ENV: 'development' },
      timeout: 20_000,
    }).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('PORT');
    expect(failure?.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
