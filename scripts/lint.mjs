// `npm run lint`: the type-aware rules (oxlint's tsgolint, on the TypeScript 7 compiler the
// type-check uses), the lint's canary, ESLint's rules that need no types, the docs' citations
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

step('type-aware rules (oxlint)', run(bin('oxlint'), ['--type-aware']).status);

// A lint that silently stopped reporting (a rule renamed, a tsconfig it no longer finds) would pass
// every tree. The canary holds one mistake per type-aware rule, linted with the tree's own rules.
const config = JSON.parse(readFileSync(path.join(root, '.oxlintrc.json'), 'utf8'));
const ruleNames = Object.keys(config.rules).map((rule) => rule.replace(/^typescript\//, ''));
const scratch = mkdtempSync(path.join(tmpdir(), 'wise-lint-'));
try {
  const canaryConfig = path.join(scratch, 'oxlintrc.json');
  writeFileSync(canaryConfig, JSON.stringify({ ...config, $schema: undefined, ignorePatterns: [] }));
  const canary = run(bin('oxlint'), ['--type-aware', '-c', canaryConfig, '-f', 'json', 'scripts/lint/canary'], { stdio: 'pipe' });
  const reported = new Set((JSON.parse(canary.stdout).diagnostics ?? []).map((d) => String(d.code).replace(/^typescript-eslint\(|^typescript\(|\)$/g, '')));
  const missed = ruleNames.filter((rule) => !reported.has(rule));
  if (missed.length) process.stderr.write(`the type-aware lint no longer reports ${missed.join(', ')} in scripts/lint/canary\n`);
  step('canary', missed.length === 0 && canary.status !== 0 ? 0 : 1);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

step('eslint', run(bin('eslint'), ['.']).status);
step('citations', run(process.execPath, [path.join(root, 'scripts/docs/check-citations.mjs')]).status);
step('docs facts', run(process.execPath, [path.join(root, 'scripts/docs/check-facts.mjs')]).status);
process.exit(failed === 0 ? 0 : 1);
