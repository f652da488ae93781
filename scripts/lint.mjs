// `npm run lint`: the type-aware rules and the type-check of every project (oxlint's tsgolint, on
// the TypeScript 7 compiler `npm run typecheck` uses: one program per project, built once for both),
// the lint's canary, ESLint's rules that need no types, Prettier's formatting
// (and its canary), the docs' citations
// (docs/decisions.md §2.16) and the docs' facts (job lists, counts, no dated run logs). Every step runs; the exit code says whether any failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: 'inherit', ...options });

let failed = 0;
const step = (name, status) => {
  if (status !== 0) failed += 1;
  process.stdout.write(`lint ${name}: ${status === 0 ? 'ok' : 'FAILED'}\n`);
};

step('type-aware rules and types (oxlint)', run(bin('oxlint'), ['--type-aware', '--type-check']).status);

// A lint that silently stopped reporting (a rule renamed, a tsconfig it no longer finds) would pass
// every tree. The canary holds one mistake per type-aware rule and one type error, linted with the
// tree's own rules.
const config = JSON.parse(readFileSync(path.join(root, '.oxlintrc.json'), 'utf8'));
const ruleNames = Object.keys(config.rules).map((rule) => rule.replace(/^typescript\//, ''));
const scratch = mkdtempSync(path.join(tmpdir(), 'wise-lint-'));
try {
  const canaryConfig = path.join(scratch, 'oxlintrc.json');
  writeFileSync(canaryConfig, JSON.stringify({ ...config, $schema: undefined, ignorePatterns: [] }));
  const canary = run(bin('oxlint'), ['--type-aware', '--type-check', '-c', canaryConfig, '-f', 'json', 'scripts/lint/canary'], {
    stdio: 'pipe',
  });
  const reported = new Set(
    (JSON.parse(canary.stdout).diagnostics ?? []).map((d) => String(d.code).replace(/^typescript-eslint\(|^typescript\(|\)$/g, '')),
  );
  // TS2322: a value of the wrong type (the canary's `typeCanary`).
  const missed = [...ruleNames, 'TS2322'].filter((rule) => !reported.has(rule));
  if (missed.length) process.stderr.write(`the type-aware lint no longer reports ${missed.join(', ')} in scripts/lint/canary\n`);
  step('canary', missed.length === 0 && canary.status !== 0 ? 0 : 1);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

step('eslint', run(bin('eslint'), ['.']).status);

// The formatting (docs/style.md, "Formatting"): every file Prettier formats must be as it would
// print it. The cache (by content, under node_modules/.cache) makes a second run check only what
// changed: 26 s of CPU for the whole tree, about 2 s after that.
step(
  'format (prettier)',
  run(bin('prettier'), [
    '--check',
    '.',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    'node_modules/.cache/prettier/.prettier-cache',
    '--log-level',
    'warn',
  ]).status,
);
// A check that no longer sees the code (an ignore file grown too wide, a parser gone) would pass
// every tree: each kind of file it should format is still checked, and a misformatted one fails.
step('format canary', await formatCanary());
step('citations', run(process.execPath, [path.join(root, 'scripts/docs/check-citations.mjs')]).status);
step('docs facts', run(process.execPath, [path.join(root, 'scripts/docs/check-facts.mjs')]).status);
process.exit(failed === 0 ? 0 : 1);

async function formatCanary() {
  const prettier = await import('prettier');
  const ignorePath = path.join(root, '.prettierignore');
  const samples = [
    'apps/server/src/app.ts',
    'apps/web/src/main.tsx',
    'scripts/lint.mjs',
    'apps/web/src/components/ui/tokens.css',
    'package.json',
    'ops/prometheus/alerts.yml',
  ];
  let problems = 0;
  for (const sample of samples) {
    const info = await prettier.getFileInfo(path.join(root, sample), { ignorePath, resolveConfig: true });
    if (info.ignored || !info.inferredParser) {
      process.stderr.write(`prettier no longer checks ${sample}\n`);
      problems += 1;
    }
  }
  const filepath = path.join(root, 'apps/server/src/format-canary.ts');
  const options = { ...(await prettier.resolveConfig(filepath)), filepath };
  const misformatted = 'export const canary = {a:1,\n  b:"two"}\n';
  if (await prettier.check(misformatted, options)) {
    process.stderr.write('prettier accepts a misformatted file\n');
    problems += 1;
  }
  return problems === 0 ? 0 : 1;
}
