import { defineConfig } from 'vitest/config';

/**
 * Three tiers (STYLE.md §8): `unit` is pure code beside its source; `int` runs a
 * real server on a real database (TEST_DB=sqlite|postgres picks the engine);
 * `interop` reads the extended corpus of real exports named by
 * CARDSTOCK_INTEROP_DIR (`npm test` sets it when ../shared is beside the clone).
 * Both `unit` and `int` run from the repository alone, on packages/fixtures.
 */
const INTEROP = '**/*.interop.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', INTEROP, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts'],
          exclude: [INTEROP, '**/node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'interop',
          include: ['apps/*/src/**/*.interop.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
