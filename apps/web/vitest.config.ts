import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { languageCataloguesPlugin } from './build/language-catalogues';

/** Screen and component tests in happy-dom; the root vitest config lists this file as a project. */
export default defineProject({
  plugins: [react(), languageCataloguesPlugin()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // Screen tests render whole routes with lazy chunks; on the shared 2-core machine two of them
    // took longer than vitest's 5 s default while nothing was wrong.
    testTimeout: 30_000,
    // Files share their worker's modules, as the server's do: each file re-importing React, the
    // router and the screens cost 170 s of CPU for 58 files, 44 s without. Nothing is mocked by
    // module, and setup.ts resets what a screen leaves behind (the DOM, storage, stubbed globals).
    isolate: false,
  },
});
