import { defineConfig } from 'vitest/config';

// Property tests (fast-check) run a hundred cases each: on a loaded 2-core machine one took over
// vitest's 5 s default and failed a CI run, so the budget is per test, generous, and still finite.
export default defineConfig({ test: { include: ['src/**/*.spec.ts'], environment: 'node', testTimeout: 60_000 } });
