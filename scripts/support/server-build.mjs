// The server as production runs it (`npm run start:prod`): the esbuild bundle of
// apps/server/scripts/build.mjs, compiled once per process (~2 s) instead of tsx compiling the
// sources at every start (10-30 s on a busy 2-core machine). It sits in apps/server, two levels
// below apps/ as dist/ does, so node_modules, the web build and ./data resolve by the same relative
// paths, and it is removed when this process exits.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
let built;

/** node's arguments to start the compiled server, as `npm run start:prod` does (no source maps: a slower start). */
export function builtServerArgs() {
  if (!built) {
    const outdir = mkdtempSync(path.join(serverDir, '.test-build-'));
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    execFileSync(process.execPath, ['scripts/build.mjs', outdir], { cwd: serverDir, stdio: ['ignore', 'ignore', 'inherit'] });
    built = path.join(outdir, 'server.js');
  }
  return [built];
}
