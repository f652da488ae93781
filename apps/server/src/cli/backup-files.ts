import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig, type Config } from '../config';

/**
 * What `npm run backup` and `npm run restore` share: the manifest a backup directory carries,
 * checksums, and the few file and process helpers both need (docs/RELIABILITY.md).
 */

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'wise-backup';
export const MANIFEST_VERSION = 1;
export const UPLOADS_SUBDIR = 'uploads';

export const EXIT_OK = 0;
/** A check failed: a checksum, the ledger audit of the restored copy. */
export const EXIT_FAILED = 1;
/** Refused or could not run: bad arguments, a non-empty target, a running embedded server, a missing tool. */
export const EXIT_REFUSED = 2;

export interface ManifestFile {
  /** Relative to the backup directory, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  created_at: string;
  database: ManifestFile & { kind: 'postgres' | 'pglite'; tool: string };
  /** Disk uploads are copied file by file; an S3 bucket is not (its own versioning or replication keeps it). */
  uploads: { store: 'disk'; files: ManifestFile[] } | { store: 's3'; bucket: string; files: [] };
}

/** A refusal or failure with the exit code and the sentence the operator reads. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_REFUSED,
  ) {
    super(message);
  }
}

/**
 * npm runs our scripts from apps/server (see the root package.json); paths the operator typed
 * (arguments, a relative DATA_DIR or UPLOAD_DIR) mean where they typed them, which npm keeps in INIT_CWD.
 */
export const operatorPath = (given: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

export function cliConfig(): Config {
  const env = { ...process.env };
  for (const key of ['DATA_DIR', 'UPLOAD_DIR'] as const) {
    const value = env[key]?.trim();
    if (value) env[key] = operatorPath(value);
  }
  return loadConfig(env);
}

export const uploadDirOf = (config: Config) => path.resolve(config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads'));
export const pgliteDirOf = (config: Config) => path.join(config.dataDir, 'pglite');

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const file = path.join(root, relative);
  const [info, sha256] = await Promise.all([stat(file), sha256File(file)]);
  return { path: relative.split(path.sep).join('/'), bytes: info.size, sha256 };
}

/** Every regular file under dir, relative to it, sorted; [] when dir does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Copies files (relative paths) from one root to another with the upload store's private modes, checking each copy's hash. */
export async function copyFilesChecked(
  fromRoot: string,
  toRoot: string,
  files: { path: string; sha256?: string }[],
): Promise<ManifestFile[]> {
  const copied: ManifestFile[] = [];
  for (const file of files) {
    const relative = file.path.split('/').join(path.sep);
    // Manifest paths come from a file on disk: never let one climb out of the target.
    if (path.isAbsolute(relative) || relative.split(path.sep).includes('..'))
      throw new CliError(`refusing a file path outside the uploads: ${file.path}`);
    const target = path.join(toRoot, relative);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(path.join(fromRoot, relative), target);
    const described = await describeFile(toRoot, relative);
    if (file.sha256 && described.sha256 !== file.sha256)
      throw new CliError(`copy of ${file.path} does not match its checksum`, EXIT_FAILED);
    copied.push(described);
  }
  return copied;
}

/** The embedded database is one process's: the server answers /healthz when it has it open. */
export async function embeddedServerIsUp(config: Config): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.PORT}/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A libpq tool's connection: the password travels in PGPASSWORD rather than on the command line,
 * where any user of the machine could read it in the process list.
 */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL client tool; its stderr is passed through and named in the error. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new CliError(
              `${tool} was not found: install the PostgreSQL client tools of your server's major version (apt install postgresql-client-15)`,
            )
          : error,
      );
    });
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new CliError(`${tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`, EXIT_FAILED));
    });
  });
}

/** A line of the CLI's report, on stdout (warnings and refusals go to stderr). */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Runs a CLI's main and turns its outcome into an exit code and a sentence. */
export function runCli(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof CliError) {
        console.error(error.message);
        process.exitCode = error.exitCode;
        return;
      }
      console.error(`${name} could not run:`, error instanceof Error ? error.message : error);
      process.exitCode = EXIT_REFUSED;
    },
  );
}
