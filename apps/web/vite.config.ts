import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { lucideIconImportsPlugin } from './build/icon-imports';
import { languageCataloguesPlugin } from './build/language-catalogues';
import { routePreloadsPlugin, type BuildManifest } from './build/route-preloads';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes .gz and .br beside every text asset so the server sends them as they are. It runs in
 * writeBundle, after Vite has finished rewriting chunks (e.g. its __VITE_PRELOAD__ placeholders):
 * compressing in generateBundle would capture code that is not final.
 */
function precompress(): Plugin {
  return {
    name: 'wise-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file.fileName)) return;
          const source = file.type === 'asset' ? file.source : file.code;
          const input = Buffer.from(source);
          const [gz, br] = await Promise.all([
            gzipAsync(input, { level: 9 }),
            brotliAsync(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          // Small chunks too: a screen fetches a dozen of them, and each shrinks by about 40 %.
          if (gz.length >= input.length) return;
          const target = path.join(outDir, file.fileName);
          await Promise.all([writeFile(`${target}.gz`, gz), writeFile(`${target}.br`, br)]);
        }),
      );
    },
  };
}

/**
 * The installable app (docs/decisions.md §9.36): the web manifest and our own service worker (src/sw.ts, built
 * with the injectManifest strategy so the same worker shows Web Push notifications). Registration
 * is ours too (features/pwa), loaded only after the first screen has settled.
 */
/**
 * The files a customer can ever load: everything reachable from index.html through static and
 * lazy imports, without entering the back office's route modules (src/app/routes/admin).
 */
export function customerFiles(manifest: BuildManifest): Set<string> {
  const files = new Set<string>(['index.html']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk || chunk.src?.startsWith('src/app/routes/admin/')) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

function installableApp(): Plugin[] {
  let outDir = 'dist';
  const outDirOf: Plugin = {
    name: 'wise-pwa-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Wise',
      short_name: 'Wise',
      description: 'Sell gift cards and crypto for naira, collect Wise Gems and pay bills.',
      lang: 'en-NG',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#3B2BD6',
      background_color: '#F6F7FB',
      categories: ['finance'],
      icons: [
        ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        ...[192, 512].map((size) => ({
          src: `/icons/maskable-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'maskable',
        })),
      ],
    },
    injectManifest: {
      // The app shell and the customer screens, so the app opens offline. The back office's
      // chunks are left out (a customer's phone never needs them; staff fetch them as they go),
      // and so are the launcher icons (the browser fetches those itself).
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'manifest.webmanifest'],
      manifestTransforms: [
        async (entries) => {
          const customer = customerFiles(JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest);
          return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || customer.has(entry.url)), warnings: [] };
        },
      ],
      rollupFormat: 'iife',
    },
  });
  return [outDirOf, ...pwa];
}

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: string[]; dynamicImporters: string[]; importedIds: string[] } | null;
};

/** The modules the entry loads before any lazy screen: the entry and its static imports, transitively. */
function initialModules(graph: ModuleGraph, from: string): Set<string> {
  const entries: string[] = [];
  const climbed = new Set<string>();
  for (const stack = [from]; stack.length > 0;) {
    const id = stack.pop() as string;
    if (climbed.has(id)) continue;
    climbed.add(id);
    const info = graph.getModuleInfo(id);
    if (info?.isEntry) entries.push(id);
    if (info) stack.push(...info.importers, ...info.dynamicImporters);
  }
  const initial = new Set<string>();
  for (const queue = entries; queue.length > 0;) {
    const id = queue.pop() as string;
    if (initial.has(id)) continue;
    initial.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return initial;
}

/**
 * One chunk for a library the lazy screens share in many small modules. Left to itself rolldown
 * made a chunk per module (each icon, each query hook): /homepage fetched 47 files, and on the
 * phone's HTTP/1.1, six at a time, each is a round trip (Lighthouse's /homepage: 71 → 82 with the
 * icons and the query library grouped, 47 → 26 files, +0–6 KB on a screen). A module the entry
 * loads stays with the entry (null): moved into a lazy chunk it would run before its importers
 * were ready.
 */
function lazyGroup(name: string) {
  let initial: Set<string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    initial ??= initialModules(graph, id);
    return initial.has(id) ? null : name;
  };
}

/** The back office's own modules (what scripts/support/bundle-budget.mjs counts as back-office code). */
const BACK_OFFICE = /[\\/]src[\\/](app[\\/]routes|components|features)[\\/]admin/;

/**
 * The icons (lucide-react, imported one by one: build/icon-imports.ts) the customer's screens
 * share go in one lazy chunk; an icon only the back office uses goes in a chunk of the back
 * office's; an icon one module alone imports stays in that module's chunk (null: rolldown puts a
 * module with one importer beside it). One chunk of every icon cost each screen the ~70 icons it
 * does not draw: 8.4 KB of the gift-card sell screen's 150.4 KB, for the 15 it uses.
 */
function iconGroup() {
  const lazy = lazyGroup('icons');
  return (id: string, graph: ModuleGraph): string | null => {
    if (lazy(id, graph) === null) return null;
    // lucide's own modules (createLucideIcon and its helpers) serve every icon.
    if (!/[\\/]icons[\\/][\w-]+\.mjs$/.test(id)) return 'icons';
    const importers = graph.getModuleInfo(id)?.importers ?? [];
    if (importers.length <= 1) return null;
    return importers.every((importer) => BACK_OFFICE.test(importer)) ? 'admin-icons' : 'icons';
  };
}

export default defineConfig({
  plugins: [react(), languageCataloguesPlugin(), lucideIconImportsPlugin(), precompress(), ...installableApp(), routePreloadsPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // .vite/manifest.json (not served: a dot folder) tells scripts/bench-bundle.mjs which chunk is which route's.
    manifest: true,
    // Every browser the app supports preloads modules natively; the polyfill only weighed on /home.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Named by their hash alone: the entry lists every file a lazy screen may need (Vite's
        // preload table), and ~300 names cost 1.1 KB of it on every first screen. The build
        // manifest still says which file is which route's (scripts/bench-bundle.mjs).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // A grouped module's imports stay where they were (react stays in the entry).
          includeDependenciesRecursively: false,
          groups: [
            { name: iconGroup(), test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: lazyGroup('query'), test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
      treeshake: {
        // @wise/shared is pure (constants, messages, zod schemas) but does not say so in its
        // package.json; without this every schema, and zod with them, lands in the entry chunk.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
        // A schema a chunk does not use is still built at load unless the bundler knows building
        // it does nothing else: `z.…` chains are pure, so unused schemas (and zod, when none is
        // left) drop out of a chunk that only wants a module's messages or constants.
        manualPureFunctions: ['z'],
      },
    },
  },
});
