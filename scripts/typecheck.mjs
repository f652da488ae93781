// `npm run typecheck`: every TypeScript project checked by the TypeScript 7 compiler (the native
// port, installed as `typescript-native`): the same checker as 5.9 at a fraction of the CPU, which
// CI's 12-minute goal needs. TypeScript 5.9 stays the `typescript` package because
// typescript-eslint's type-aware rules (npm run lint) do not support 7 yet (docs/decisions.md §2.9).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// Its package exports no paths, so the binary is found where npm installs it.
const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));
const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'scripts'];

let failed = 0;
for (const project of projects) {
  const started = performance.now();
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: 'inherit' });
  process.stdout.write(
    `typecheck ${project}: ${status === 0 ? 'ok' : 'FAILED'} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
