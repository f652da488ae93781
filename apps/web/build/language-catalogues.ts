import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/** What the app imports to load the Pidgin catalogue (src/lib/i18n.ts). */
const VIRTUAL_ID = 'virtual:pidgin-catalogue';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const CATALOGUE_ENTRY = fileURLToPath(new URL('../../../packages/shared/src/i18n/pcm/index.ts', import.meta.url));

/**
 * The Pidgin catalogue pairs every English text object with its translation. Bundled with the app,
 * its imports of those objects made each screen's English texts a chunk of their own (shared by the
 * screen and the catalogue): about 60 more files, each named in the entry's preload table, which
 * put /home, /rates and the wallet confirm screen 0.7-1.1 KB over their budgets. So the production
 * build bundles the catalogue on its own, English copies included, as one hashed file the app
 * fetches only for a Pidgin reader; the i18n core pairs objects by content, so the copies match the
 * screens' objects (packages/shared/src/i18n/index.ts). In development and tests the module is
 * imported directly.
 */
export function languageCataloguesPlugin(): Plugin {
  let file: { fileName: string; code: string } | undefined;
  let building = false;
  return {
    name: 'wise-language-catalogues',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      if (!building) return;
      const bundle = await rolldown({
        input: CATALOGUE_ENTRY,
        // As the app's own build: the shared package is pure, and an unused zod schema drops out.
        treeshake: { moduleSideEffects: false, manualPureFunctions: ['z'] },
      });
      const { output } = await bundle.generate({ format: 'es', minify: true });
      await bundle.close();
      const code = output[0].code;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      file = { fileName: `assets/pcm-${hash}.js`, code };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!building || !file) return `export const loadPidginCatalogue = () => import('@wise/shared/i18n/pcm');`;
      return `export const loadPidginCatalogue = () => import(/* @vite-ignore */ ${JSON.stringify(`/${file.fileName}`)});`;
    },
    generateBundle() {
      if (file) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.code });
    },
  };
}
