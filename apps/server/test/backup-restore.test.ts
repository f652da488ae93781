import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import type { BackupManifest } from '../src/cli/backup-files';
import { loadConfig } from '../src/config';
import { openDatabase, wrapPool, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { auditLedger } from '../src/domain/gems/audit';
import { accrueReward } from '../src/domain/rewards/rewards';
import { systemClock } from '../src/lib/clock';
import { MemoryRateLimiter } from '../src/lib/rate-limiter';
import { createBankLookup } from '../src/providers/bank-lookup/index';
import { createFileStore } from '../src/providers/file-store/index';
import { createMarketData } from '../src/providers/market-data/index';
import { Outbox } from '../src/providers/messaging/index';
import { copyMigratedDataDir } from './support/db';
import { createTestApp, get, post, type TestApp } from './support/app';
import { addBankDetails, sellGiftCard } from './support/sales';
import { serverProgramArgs } from './support/server-build';
import { freePort } from './support/server-process';
import { createCustomer, type TestUser } from './support/users';
import { unboundedPayoutLimitsEnv } from './support/limits';

/**
 * docs/RELIABILITY.md "Backup and restore": data made through the app (a customer, a gift-card
 * sale with its image, gems collected and a reward claimed) is backed up with `npm run backup`'s
 * script, restored with `npm run restore`'s into a fresh database and a fresh upload folder, and
 * the app on the restored copy serves it: the customer logs in, the sale and its image come back
 * byte for byte, the balance is the same and the ledger audit is clean.
 *
 * PostgreSQL (pg_dump / pg_restore) runs in the server-postgres project; the embedded database's
 * data-directory round trip runs in the server-pglite project.
 */

const spec = inject('testDb');
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI_TIMEOUT_MS = 90_000;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `wise-${label}-`));
  dirs.push(dir);
  return dir;
}

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The script `npm run backup` / `npm run restore` runs, in its own process with only the given settings. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...serverProgramArgs(script), ...args],
      // PORT: the embedded-server probe must not find somebody else's server on 3000.
      {
        cwd: serverDir,
        timeout: CLI_TIMEOUT_MS,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The app in this process on a given database and data directory (its uploads under DATA_DIR unless UPLOAD_DIR says). */
async function appOn(database: Database, env: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
    RATE_LIMIT_MULTIPLIER: '1000',
    ...unboundedPayoutLimitsEnv,
    ...env,
  });
  const outbox = new Outbox();
  const app = await buildApp(
    {
      config,
      database,
      messenger: outbox,
      outbox,
      files: createFileStore(config),
      bankLookup: createBankLookup(config),
      marketData: createMarketData(config, systemClock),
      limiter: new MemoryRateLimiter(() => Date.now()),
      clock: systemClock,
    },
    { logger: false, serveWeb: false },
  );
  await app.ready();
  return { app, database, outbox, clock: systemClock, close: () => app.close() };
}

interface Seeded {
  user: TestUser;
  saleId: string;
  imageUrl: string;
  image: Buffer;
  balance: number;
}

/** What a customer leaves in the database and the upload store, made through the API. */
async function seed(t: TestApp): Promise<Seeded> {
  const user = await createCustomer(t);
  await addBankDetails(t, user);
  const sale = await sellGiftCard(t, user, { comment: 'backed up' });
  const imageUrl = sale.images[0]!;
  const image = await get(t.app, imageUrl, user.cookie);
  expect(image.statusCode).toBe(200);
  expect((await post(t.app, '/api/gems/collect', {}, user.cookie)).statusCode).toBe(200);
  await accrueReward(t.database.db, systemClock, {
    userId: user.id,
    source: `backup-test:${randomUUID()}`,
    amount: 250,
    description: 'Backup test reward',
  });
  expect((await post(t.app, '/api/rewards/claim', {}, user.cookie)).statusCode).toBe(200);
  const balance = (await get(t.app, '/api/gems/balance', user.cookie)).json<{ total_points: number }>().total_points;
  expect(balance).toBeGreaterThanOrEqual(250);
  return { user, saleId: sale.id, imageUrl, image: image.rawPayload, balance };
}

const readManifest = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;

describe.runIf(spec.kind === 'postgres')('backup and restore on PostgreSQL (pg_dump -Fc, pg_restore)', () => {
  let source: TestApp | undefined;
  let server: ChildProcessWithoutNullStreams | undefined;
  const adminUrl = spec.kind === 'postgres' ? spec.adminUrl : '';
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await source?.close();
  });

  it('restores into a fresh database and upload folder, and the app serves the restored data', { timeout: 240_000 }, async () => {
    if (spec.kind !== 'postgres') throw new Error('unreachable');
    const sourceUploads = await tempDir('uploads-src');
    source = await createTestApp({ env: { UPLOAD_DIR: sourceUploads } });
    const seeded = await seed(source);
    const [{ name: sourceName }] = (await source.database.query<{ name: string }>('SELECT current_database() AS name')) as [
      { name: string },
    ];

    const backupDir = path.join(await tempDir('backup'), 'wise-backup');
    const backup = await runCli('backup', ['--out', backupDir], { DATABASE_URL: urlOf(sourceName), UPLOAD_DIR: sourceUploads });
    expect(backup.code, backup.stderr).toBe(0);
    const manifest = await readManifest(backupDir);
    expect(manifest.database).toMatchObject({ kind: 'postgres', path: 'database.pgdump' });
    // The custom format's signature: pg_restore can read it, select from it, restore it in parallel.
    expect((await readFile(path.join(backupDir, manifest.database.path))).subarray(0, 5).toString()).toBe('PGDMP');
    expect(manifest.uploads.store).toBe('disk');
    expect(manifest.uploads.files.length).toBeGreaterThanOrEqual(1);
    for (const file of manifest.uploads.files) expect(sha256(await readFile(path.join(backupDir, file.path)))).toBe(file.sha256);

    // A backup never lands on top of another.
    expect((await runCli('backup', ['--out', backupDir], { DATABASE_URL: urlOf(sourceName), UPLOAD_DIR: sourceUploads })).code).toBe(2);

    // A fresh database, as `createdb` makes it (named with the run's prefix so the run drops it).
    const restoredName = `${spec.prefix}_restored_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${restoredName}`);
    } finally {
      await admin.end();
    }
    const restoredUrl = urlOf(restoredName);
    const restoredUploads = path.join(await tempDir('uploads-restored'), 'uploads');

    const restore = await runCli('restore', ['--from', backupDir], { DATABASE_URL: restoredUrl, UPLOAD_DIR: restoredUploads });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('Ledger audit OK');

    // The server itself on the restored copy: it starts (its migrations find nothing to do) and serves.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    server = spawn(process.execPath, serverProgramArgs('server'), {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        DATABASE_URL: restoredUrl,
        UPLOAD_DIR: restoredUploads,
        DATA_DIR: await tempDir('data-restored'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MULTIPLIER: '1000',
      },
    });
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; ; attempt += 1) {
      const ready = await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) break;
      if (attempt > 240 || server.exitCode !== null) throw new Error(`the server on the restored copy did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email_or_phone: seeded.user.email, password: seeded.user.password }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('wise_session='))!
      .split(';')[0]!;
    const asCustomer = (url: string) => fetch(`${base}${url}`, { headers: { cookie } });

    const image = await asCustomer(seeded.imageUrl);
    expect(image.status).toBe(200);
    expect(sha256(Buffer.from(await image.arrayBuffer()))).toBe(sha256(seeded.image));
    const sale = await asCustomer(`/api/transactions/${seeded.saleId}`);
    expect(sale.status).toBe(200);
    expect(((await asCustomer('/api/gems/balance').then((r) => r.json())) as { total_points: number }).total_points).toBe(seeded.balance);

    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;

    const pool = new pg.Pool({ connectionString: restoredUrl, max: 2 });
    const restored = wrapPool(pool);
    try {
      const audit = await auditLedger(restored.db);
      expect(audit.ok).toBe(true);
      expect(audit.accountsChecked).toBeGreaterThanOrEqual(1);
      // The whole ledger came across: as many entries as the source has.
      expect(audit.entriesChecked).toBe((await auditLedger(source.database.db)).entriesChecked);
    } finally {
      await restored.close();
    }

    // The restored database now holds data: a second restore onto it is refused without --force.
    const again = await runCli('restore', ['--from', backupDir], { DATABASE_URL: restoredUrl, UPLOAD_DIR: await tempDir('uploads-again') });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not empty');

    // Told to, it replaces what the backup holds (pg_restore --clean) and the ledger still balances.
    const forced = await runCli('restore', ['--from', backupDir, '--force'], { DATABASE_URL: restoredUrl, UPLOAD_DIR: restoredUploads });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Ledger audit OK');
    expect(forced.stdout).toContain(`Moved the existing ${restoredUploads} to ${restoredUploads}.before-restore-`);

    // A damaged backup is refused before anything is written.
    const firstUpload = manifest.uploads.files[0]!;
    await writeFile(path.join(backupDir, firstUpload.path), Buffer.from('not the photo'));
    const damaged = await runCli('restore', ['--from', backupDir], {
      DATABASE_URL: restoredUrl,
      UPLOAD_DIR: await tempDir('uploads-damaged'),
    });
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('damaged');
  });
});

describe.runIf(spec.kind === 'pglite')('backup and restore of the embedded database (PGlite data directory)', () => {
  it(
    'copies the data directory and uploads, and the app on the restored directory serves the same data',
    { timeout: 240_000 },
    async () => {
      const dataDir = await tempDir('data-src');
      const port = String(await freePort());
      let seeded: Seeded;
      {
        // The run's migrated data directory: no initdb; migrate() finds nothing left to apply.
        await copyMigratedDataDir(dataDir);
        const database = await openDatabase({ dataDir });
        await migrate(database);
        const t = await appOn(database, { DATA_DIR: dataDir });
        try {
          seeded = await seed(t);
        } finally {
          await t.close();
          await database.close();
        }
      }

      const backupDir = path.join(await tempDir('backup'), 'wise-backup');
      const backup = await runCli('backup', ['--out', backupDir], { DATA_DIR: dataDir, PORT: port });
      expect(backup.code, backup.stderr).toBe(0);
      const manifest = await readManifest(backupDir);
      expect(manifest.database).toMatchObject({ kind: 'pglite', path: 'pglite-data.tar.gz' });
      expect(manifest.uploads.files.length).toBeGreaterThanOrEqual(1);

      const restoredDir = await tempDir('data-restored');
      const restore = await runCli('restore', ['--from', backupDir], { DATA_DIR: restoredDir, PORT: port });
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toContain('Ledger audit OK');
      // Not on top of a database that is there, unless told.
      const again = await runCli('restore', ['--from', backupDir], { DATA_DIR: restoredDir, PORT: port });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('already holds a database');
      // Told to, it moves the database there aside (never deletes it) and restores.
      const forced = await runCli('restore', ['--from', backupDir, '--force'], { DATA_DIR: restoredDir, PORT: port });
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toContain(
        `Moved the existing ${path.join(restoredDir, 'pglite')} to ${path.join(restoredDir, 'pglite')}.before-restore-`,
      );

      const database = await openDatabase({ dataDir: restoredDir });
      const t = await appOn(database, { DATA_DIR: restoredDir });
      try {
        const login = await post(t.app, '/api/auth/login', { email_or_phone: seeded.user.email, password: seeded.user.password });
        expect(login.statusCode).toBe(200);
        const cookie = `wise_session=${login.cookies.find((c) => c.name === 'wise_session')!.value}`;
        const image = await get(t.app, seeded.imageUrl, cookie);
        expect(image.statusCode).toBe(200);
        expect(sha256(image.rawPayload)).toBe(sha256(seeded.image));
        expect((await get(t.app, `/api/transactions/${seeded.saleId}`, cookie)).statusCode).toBe(200);
        expect((await get(t.app, '/api/gems/balance', cookie)).json<{ total_points: number }>().total_points).toBe(seeded.balance);
        expect((await auditLedger(database.db)).ok).toBe(true);
      } finally {
        await t.close();
        await database.close();
      }
    },
  );
});
