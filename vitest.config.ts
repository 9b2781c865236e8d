/**
 * Test tiers (docs/ARCHITECTURE.md#tests) run by one vitest invocation: shared/ + api/ in Node, web/ + sw/ in happy-dom
 * with fake-indexeddb. A test that logs console.error fails (see test/setup-console.ts).
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname);
const alias = {
  '@shared': path.join(root, 'shared'),
  '@web': path.join(root, 'web/src'),
  '@api': path.join(root, 'api/src'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'api/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: [path.join(root, 'test/setup-console.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: [path.join(root, 'test/setup-console.ts'), path.join(root, 'test/setup-web.ts')],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
