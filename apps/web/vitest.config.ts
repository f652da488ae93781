import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Screen and component tests in happy-dom; the root vitest config lists this file as a project. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
});
