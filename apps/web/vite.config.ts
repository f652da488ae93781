import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    rolldownOptions: {
      treeshake: {
        // @wise/shared is pure (constants, messages, zod schemas) but does not say so in its
        // package.json; without this every schema, and zod with them, lands in the entry chunk.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]shared[\\/]/.test(id),
      },
    },
  },
});
