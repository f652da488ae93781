import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { PGLITE_EXTENSIONS } from '../db/pglite-protocol';
import { auditLedger, formatLedgerAudit } from '../domain/gems/audit';
import {
  CliError,
  cliConfig,
  copyFilesChecked,
  embeddedServerIsUp,
  EXIT_FAILED,
  EXIT_OK,
  isNonEmptyDir,
  libpqConnection,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  operatorPath,
  pgliteDirOf,
  runCli,
  say,
  runTool,
  sha256File,
  uploadDirOf,
  UPLOADS_SUBDIR,
  type BackupManifest,
} from './backup-files';

/**
 * `npm run restore -- --from <dir> [--force]`: puts a backup made by `npm run backup` into the
 * database and upload store this configuration points at (DATABASE_URL, else DATA_DIR; UPLOAD_DIR),
 * then audits the restored ledger. Every checksum is verified before anything is written, and a
 * target that already holds data is refused unless --force: then PostgreSQL objects of the same
 * name are dropped first (pg_restore --clean) and an embedded database or upload folder is moved
 * aside to <dir>.before-restore-<time>, never deleted.
 */

const USAGE = 'usage: npm run restore -- --from <backup directory> [--force]';

async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new CliError(
      `${from} holds no readable ${MANIFEST_FILE}: not a complete backup (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (manifest.format !== MANIFEST_FORMAT || manifest.version !== MANIFEST_VERSION) {
    throw new CliError(`${from}/${MANIFEST_FILE} is not a ${MANIFEST_FORMAT} v${MANIFEST_VERSION} manifest`);
  }
  return manifest;
}

/** Every file the manifest names is there with its size and sum: a damaged backup is refused whole. */
async function verifyChecksums(from: string, manifest: BackupManifest): Promise<void> {
  for (const file of [manifest.database, ...manifest.uploads.files]) {
    let actual: string;
    try {
      actual = await sha256File(path.join(from, file.path));
    } catch {
      throw new CliError(`${file.path} is missing from the backup`, EXIT_FAILED);
    }
    if (actual !== file.sha256)
      throw new CliError(`${file.path} does not match its checksum in ${MANIFEST_FILE}: the backup is damaged`, EXIT_FAILED);
  }
}

/** Tables, sequences, views… outside the system schemas: a fresh database from createdb has none. */
async function postgresObjectCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const asideName = (dir: string) => `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;

async function moveAside(dir: string): Promise<void> {
  const aside = asideName(dir);
  try {
    await rename(dir, aside);
  } catch (error) {
    throw new CliError(`could not move ${dir} aside (${(error as Error).message}): empty it yourself, then restore`);
  }
  say(`Moved the existing ${dir} to ${aside}.`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean', default: false } }, strict: true });
  if (!values.from) throw new CliError(USAGE);
  const from = operatorPath(values.from);
  const force = values.force === true;
  const config = cliConfig();
  const manifest = await readManifest(from);
  await verifyChecksums(from, manifest);

  // --- every refusal before the first write ---
  const targetKind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    throw new CliError(
      `This backup holds a ${manifest.database.kind} database but this configuration uses ${targetKind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`}.`,
    );
  }
  let postgresHasData = false;
  if (config.DATABASE_URL) {
    postgresHasData = (await postgresObjectCount(config.DATABASE_URL)) > 0;
    if (postgresHasData && !force) {
      throw new CliError(
        'The target PostgreSQL database is not empty: restore into a fresh one (createdb), or pass --force to replace what the backup contains.',
      );
    }
  } else {
    if (await embeddedServerIsUp(config)) {
      throw new CliError(`The server is running on the embedded database in ${config.dataDir}; stop it before restoring.`);
    }
    if ((await isNonEmptyDir(pgliteDirOf(config))) && !force) {
      throw new CliError(
        `${pgliteDirOf(config)} already holds a database: restore into an empty DATA_DIR, or pass --force to move it aside.`,
      );
    }
  }
  const uploadDir = uploadDirOf(config);
  const restoreUploads = manifest.uploads.store === 'disk' && !config.S3_BUCKET;
  if (restoreUploads && (await isNonEmptyDir(uploadDir)) && !force) {
    throw new CliError(`${uploadDir} is not empty: restore into an empty UPLOAD_DIR, or pass --force to move it aside.`);
  }

  // --- the database ---
  const dump = path.join(from, manifest.database.path);
  if (config.DATABASE_URL) {
    const { url, env } = libpqConnection(config.DATABASE_URL);
    // One transaction: a failure leaves the target as it was. Owners and grants are the old
    // server's; the restoring role owns everything instead.
    const args = ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', `--dbname=${url}`];
    if (postgresHasData) args.push('--clean', '--if-exists');
    await runTool('pg_restore', [...args, dump], env);
  } else {
    const dataDir = pgliteDirOf(config);
    if (await isNonEmptyDir(dataDir)) await moveAside(dataDir);
    const client = await PGlite.create({ dataDir, loadDataDir: new Blob([await readFile(dump)]), extensions: PGLITE_EXTENSIONS });
    await client.close();
  }
  say(`Restored the ${manifest.database.kind} database from ${from} (backup of ${manifest.created_at}).`);

  // --- the uploads ---
  if (manifest.uploads.store === 's3') {
    console.warn(
      `The backup's uploads were in the S3 bucket ${manifest.uploads.bucket}: restore them from the bucket's versions or replica.`,
    );
  } else if (config.S3_BUCKET) {
    console.warn(
      `This configuration keeps uploads in S3 (${config.S3_BUCKET}): copy ${path.join(from, UPLOADS_SUBDIR)} into the bucket yourself.`,
    );
  } else {
    if (await isNonEmptyDir(uploadDir)) await moveAside(uploadDir);
    const files = manifest.uploads.files.map((file) => ({ ...file, path: file.path.slice(UPLOADS_SUBDIR.length + 1) }));
    await copyFilesChecked(path.join(from, UPLOADS_SUBDIR), uploadDir, files);
    say(`Restored ${files.length} upload(s) to ${uploadDir}, each checked against its SHA-256.`);
  }

  // --- the proof: the restored ledger balances (the same audit as npm run ledger:audit) ---
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    const audit = await auditLedger(database.db);
    say(formatLedgerAudit(audit));
    return audit.ok ? EXIT_OK : EXIT_FAILED;
  } finally {
    await database.close();
  }
}

runCli('Restore', main);
