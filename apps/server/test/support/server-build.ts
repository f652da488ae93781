import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tests that start the server or a CLI as its own process run what production runs: the esbuild
 * bundle of apps/server/scripts/build.mjs, compiled once per test run (~2 s) by the projects'
 * global setups. Under tsx each start compiled the whole server again (10-30 s on a busy 2-core
 * machine). Outside a run that built it (a script importing these helpers), tsx runs the sources.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the global setup left the build; test processes inherit it. */
const BUILD_ENV = 'WISE_TEST_SERVER_BUILD';

const sources = {
  server: 'src/server.ts',
  'ledger-audit': 'src/cli/ledger-audit.ts',
  'crypto-reconcile': 'src/cli/crypto-reconcile.ts',
  'admin-create': 'src/cli/admin-create.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
} as const;
export type ServerProgram = keyof typeof sources;

/**
 * node's arguments to run one of the server's programs from apps/server (the cwd the npm scripts
 * use). Without --enable-source-maps, as `npm run start:prod` runs: loading the 3 MB map costs a
 * third of a start.
 */
export function serverProgramArgs(program: ServerProgram): string[] {
  const build = process.env[BUILD_ENV];
  return build ? [path.join(build, `${program}.js`)] : ['--import', 'tsx', sources[program]];
}

/**
 * Builds the server for this run unless another project's setup already did. The build sits in
 * apps/server, two levels below apps/ as dist/ does, so the bundle finds node_modules, the web
 * build and ./data by the same relative paths; it is removed when the run's process exits.
 */
export async function buildServerForRun(): Promise<void> {
  if (process.env[BUILD_ENV]) return;
  const outdir = await mkdtemp(path.join(serverDir, '.test-build-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  const errors = await new Promise<string | undefined>((resolve) => {
    const build = spawn(process.execPath, ['scripts/build.mjs', outdir], { cwd: serverDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    build.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    build.once('error', (error) => resolve(String(error)));
    build.once('exit', (code) => resolve(code === 0 ? undefined : stderr));
  });
  // A build that fails (build.test.ts fails on it) must not take every other test down with it:
  // the spawned programs then run under tsx, as before.
  if (errors !== undefined) {
    console.warn(`the server build failed; spawned servers and CLIs run under tsx:\n${errors}`);
    return;
  }
  process.env[BUILD_ENV] = outdir;
}
