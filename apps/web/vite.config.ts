import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
          if (input.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzipAsync(input, { level: 9 }),
            brotliAsync(input, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          const target = path.join(outDir, file.fileName);
          await Promise.all([writeFile(`${target}.gz`, gz), writeFile(`${target}.br`, br)]);
        }),
      );
    },
  };
}

/**
 * The installable app (issue 13): the web manifest and our own service worker (src/sw.ts, built
 * with the injectManifest strategy so the same worker shows Web Push notifications). Registration
 * is ours too (features/pwa), loaded only after the first screen has settled.
 */
function installableApp() {
  return VitePWA({
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
        ...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
        ...[192, 512].map((size) => ({ src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
      ],
    },
    injectManifest: {
      // The app shell and the customer screens, so the app opens offline. The back office's
      // chunks are left out (a customer's phone never needs them; staff fetch them as they go),
      // and so are the launcher icons (the browser fetches those itself).
      globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'manifest.webmanifest'],
      globIgnores: ['assets/admin*', 'assets/*-admin-*', 'assets/*.gz', 'assets/*.br'],
      rollupFormat: 'iife',
    },
  });
}

export default defineConfig({
  plugins: [react(), precompress(), installableApp()],
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
    rolldownOptions: {
      treeshake: {
        // @wise/shared is pure (constants, messages, zod schemas) but does not say so in its
        // package.json; without this every schema, and zod with them, lands in the entry chunk.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
      },
    },
  },
});
