import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pglite-protocol';
import {
  CliError,
  cliConfig,
  copyFilesChecked,
  describeFile,
  embeddedServerIsUp,
  EXIT_OK,
  isNonEmptyDir,
  libpqConnection,
  listFiles,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  operatorPath,
  pgliteDirOf,
  runCli,
  say,
  runTool,
  uploadDirOf,
  UPLOADS_SUBDIR,
  type BackupManifest,
} from './backup-files';

/**
 * `npm run backup -- --out <dir>`: the database the server would use (DATABASE_URL with pg_dump's
 * custom format, else the embedded PGlite as PGlite's own data-directory tarball) and the disk
 * uploads, with a manifest of sizes and SHA-256 sums. The database goes first, the uploads second:
 * uploads are written before the rows that name them, so every file the dump refers to is copied.
 */

const USAGE = 'usage: npm run backup -- --out <empty or new directory>';
const PG_DUMP_FILE = 'database.pgdump';
const PGLITE_FILE = 'pglite-data.tar.gz';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) throw new CliError(USAGE);
  const out = operatorPath(values.out);
  if (await isNonEmptyDir(out)) throw new CliError(`${out} is not empty: a backup goes into a new or empty directory`);
  const config = cliConfig();

  // Built beside the target and renamed into place at the end: a directory named --out is a whole backup.
  const work = `${out}.partial-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    let database: BackupManifest['database'];
    if (config.DATABASE_URL) {
      const { url, env } = libpqConnection(config.DATABASE_URL);
      await runTool('pg_dump', ['--format=custom', '--compress=6', `--file=${path.join(work, PG_DUMP_FILE)}`, `--dbname=${url}`], env);
      database = { kind: 'postgres', tool: 'pg_dump --format=custom', ...(await describeFile(work, PG_DUMP_FILE)) };
    } else {
      if (await embeddedServerIsUp(config)) {
        throw new CliError(
          `The server is running on the embedded database in ${config.dataDir}; only one process may open it. Stop the server, then back up.`,
        );
      }
      const dataDir = pgliteDirOf(config);
      if (!existsSync(path.join(dataDir, 'PG_VERSION')))
        throw new CliError(`There is no embedded database in ${config.dataDir}: nothing to back up.`);
      // Opening it replays anything a crash left half-written; the tarball is then one consistent moment.
      const client = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
      try {
        const tarball = await client.dumpDataDir('gzip');
        await writeFile(path.join(work, PGLITE_FILE), Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
      } finally {
        await client.close();
      }
      database = { kind: 'pglite', tool: 'PGlite dumpDataDir (gzip)', ...(await describeFile(work, PGLITE_FILE)) };
    }

    let uploads: BackupManifest['uploads'];
    if (config.S3_BUCKET) {
      console.warn(`Uploads are in the S3 bucket ${config.S3_BUCKET}: not copied (keep them with the bucket's versioning or replication).`);
      uploads = { store: 's3', bucket: config.S3_BUCKET, files: [] };
    } else {
      const source = uploadDirOf(config);
      const files = (await listFiles(source)).map((relative) => ({ path: relative.split(path.sep).join('/') }));
      const copied = await copyFilesChecked(source, path.join(work, UPLOADS_SUBDIR), files);
      uploads = { store: 'disk', files: copied.map((file) => ({ ...file, path: `${UPLOADS_SUBDIR}/${file.path}` })) };
    }

    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      created_at: new Date().toISOString(),
      database,
      uploads,
    };
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // rename(2) replaces an empty directory, which is all --out may be (checked above).
    await rename(work, out);
    const bytes = database.bytes + uploads.files.reduce((sum, file) => sum + file.bytes, 0);
    say(
      `Backup written to ${out}: ${database.kind} database (${database.bytes} bytes), ${uploads.files.length} upload(s), ${bytes} bytes in all.`,
    );
    return EXIT_OK;
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

runCli('Backup', main);
