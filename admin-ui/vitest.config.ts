import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    // Every language's messages in before each file: tests create i18nProviders in any language at once.
    setupFiles: ['src/testSetup.ts'],
    restoreMocks: true,
    // The 5 s default fails on a loaded 2-core CI machine; a hung test still fails.
    testTimeout: 30_000,
  },
});
