// The repository's two mechanical rewrites, in one re-runnable step (docs/style.md, "Formatting"
// and "Imports"): first every import in apps/server and apps/web that climbs two or more folders
// to reach its own app's src/ is written with the app's alias (`#server/…`, `#web/…`), then
// Prettier formats the whole tree. Deterministic and idempotent: a second run changes nothing, so
// it can be run again on any later tree (`node scripts/codemods/apply-format-and-alias.mjs`).
// `--alias-only` or `--format-only` runs one half.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = new Set(process.argv.slice(2));

/** Each app, the alias its package.json "imports" gives its src/ folder. */
const apps = [
  { dir: 'apps/server', alias: '#server' },
  { dir: 'apps/web', alias: '#web' },
];

// A module specifier that climbs two or more folders, where a module is named: `from '…'`,
// `import '…'`, `import('…')` (a type query too), `export … from '…'`, and vitest's module mocks.
const specifier =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*\(\s*)(['"])(\.\.\/(?:\.\.\/)+[^'"\n]*)\2/g;

export function rewriteImports(source, file, app) {
  const srcRoot = path.join(root, app.dir, 'src');
  let count = 0;
  const text = source.replace(specifier, (whole, lead, quote, spec) => {
    const [target, query] = spec.split(/(?=\?)/);
    const resolved = path.resolve(path.dirname(file), target);
    if (!resolved.startsWith(`${srcRoot}${path.sep}`)) return whole;
    count += 1;
    const inside = path.relative(srcRoot, resolved).split(path.sep).join('/');
    return `${lead}${quote}${app.alias}/${inside}${query ?? ''}${quote}`;
  });
  return { text, count };
}

function rewriteAliases() {
  let files = 0;
  let imports = 0;
  for (const app of apps) {
    const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', app.dir], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mts|js|mjs)$/.test(file) && !file.includes('/dist/'))
      .sort();
    for (const relative of listed) {
      const file = path.join(root, relative);
      let source;
      try {
        source = readFileSync(file, 'utf8');
      } catch {
        continue; // Listed but deleted in the work tree.
      }
      const { text, count } = rewriteImports(source, file, app);
      if (count === 0) continue;
      writeFileSync(file, text);
      files += 1;
      imports += count;
    }
  }
  return { files, imports };
}

// Twice: Prettier 3 prints a few method chains differently once their arguments have been broken
// (2 files of 1,600 here), and a second pass settles them; the check (`npm run lint`) then passes.
function format() {
  const prettier = path.join(root, 'node_modules/.bin/prettier');
  for (let pass = 0; pass < 2; pass += 1) {
    const { status } = spawnSync(prettier, ['--write', '.', '--log-level', 'warn'], { cwd: root, stdio: 'inherit' });
    if (status !== 0) throw new Error(`prettier --write exited with ${status}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!args.has('--format-only')) {
    const started = performance.now();
    const { files, imports } = rewriteAliases();
    console.log(`aliases: ${imports} imports in ${files} files rewritten (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (!args.has('--alias-only')) {
    const started = performance.now();
    format();
    console.log(`prettier: the tree is formatted (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
