// Compiles the server to plain JavaScript for production: one ESM bundle of our own code
// (src + @wise/shared, which ships as TypeScript), every npm dependency left to node_modules,
// and the SQL migrations and the receipt fonts copied beside it (each read next to its module).
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@wise/'));

await rm(outdir, { recursive: true, force: true });
// The embedded database's worker thread is its own file: db/pglite-bridge.ts starts ./pglite-worker.js beside the bundle.
const entryPoints = { server: path.join(root, 'src/server.ts'), 'pglite-worker': path.join(root, 'src/db/pglite-worker.ts') };
for (const [name, file] of Object.entries(pkg.buildEntries ?? {})) entryPoints[name] = path.join(root, file);
await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS helpers may call require(): give the ESM bundle one.
  banner: {
    js: "import { createRequire as __wiseCreateRequire } from 'node:module'; const require = __wiseCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The receipt PDF's fonts, read beside the bundle as domain/receipts/pdf.ts reads them beside itself.
await cp(path.join(root, 'src/domain/receipts/fonts'), path.join(outdir, 'fonts'), { recursive: true });
process.stdout.write(`server compiled to ${path.relative(process.cwd(), outdir) || '.'}\n`);
