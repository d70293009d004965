import { defineConfig } from 'vitest/config';

/** The domain package's tests alone, for Stryker (`npm run mutation:domain`). */
export default defineConfig({
  test: {
    root: new URL('../packages/domain', import.meta.url).pathname,
    include: ['src/**/*.test.ts'],
  },
});
