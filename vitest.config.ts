import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Files share the loaded modules (each opens its own database and app).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's data may take more than the default second to arrive on a loaded machine (CI).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          // Files share the loaded modules (each still starts its own app, database and browser):
          // importing the server and Playwright again cost ~4 s a file.
          isolate: false,
          globalSetup: ['e2e/support/globalSetup.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
