// `npm run test:e2e` builds the web app only when its sources changed since apps/web/dist was
// built: CI builds it beside the lint (one core is free once the type-check is done), and a
// developer re-running the journeys does not wait for an unchanged build. The stamp is a hash of
// every file the build reads (the web app, packages/shared, the lockfile), tracked or not.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = `${root}apps/web/dist/.sources-hash`;

function sourcesHash() {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', 'apps/web', 'packages/shared', 'package-lock.json'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.startsWith('apps/web/dist/'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    try {
      hash.update(readFileSync(`${root}${file}`));
    } catch {
      hash.update('(deleted)');
    }
  }
  return hash.digest('hex');
}

const wanted = sourcesHash();
let built = '';
try {
  built = readFileSync(stampFile, 'utf8').trim();
} catch {
  // No build yet.
}
if (built === wanted && !process.argv.includes('--force')) {
  console.log('web build: apps/web/dist is up to date with its sources');
  process.exit(0);
}
const { status } = spawnSync('npm', ['run', 'build', '-w', '@wise/web'], { cwd: root, stdio: 'inherit' });
if (status !== 0) process.exit(status ?? 1);
writeFileSync(stampFile, `${wanted}\n`);
