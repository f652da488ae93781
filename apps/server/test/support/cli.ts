import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { copyMigratedDataDir, openTestDatabase } from './db';
import { serverProgramArgs, type ServerProgram } from './server-build';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProgramRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the server's commands (the production bundle) as its npm script does, from apps/server. */
export function runServerProgram(
  program: ServerProgram,
  { args = [], env, stdin = '' }: { args?: string[]; env: Record<string, string>; stdin?: string },
): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverProgramArgs(program), ...args], {
      cwd: serverDir,
      // A port nothing listens on: the "is the server up?" probe must say no.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', PORT: '1', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** A database a command can open too, on the run's engine: PostgreSQL by its URL; PGlite (one process at a time) on disk. */
export interface CommandTarget {
  env: Record<string, string>;
  /** Opens it for the test; `release` before the command runs. */
  open(): Promise<Database>;
  release(database: Database): Promise<void>;
  dispose(): Promise<void>;
}

/** `migrated`: an embedded directory starts as a copy of the migrated one, instead of empty (the command migrates it). */
export async function commandTarget({ migrated }: { migrated: boolean }): Promise<CommandTarget> {
  const spec = inject('testDb');
  if (spec.kind === 'postgres') {
    const database = await openTestDatabase();
    const [row] = await database.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(spec.adminUrl);
    url.pathname = `/${row!.name}`;
    return {
      env: { DATABASE_URL: url.toString() },
      open: async () => database,
      release: async () => undefined,
      dispose: () => database.close(),
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wise-command-'));
  if (migrated) await copyMigratedDataDir(dir);
  return {
    env: { DATA_DIR: dir },
    // As the server and the commands open it (a worker thread behind a `pg` Pool).
    open: () => openDatabase({ dataDir: dir }),
    release: (database) => database.close(),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}
