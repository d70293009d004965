import { defineConfig } from 'vitest/config';
import { supportedPhoneMetadata } from './apps/web/build/supported-phone-metadata';

/**
 * One Vitest run, three projects. The server project talks to a real database:
 * PGlite in a temporary folder by default, PostgreSQL when DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          // *.pg.test.ts need a shared PostgreSQL (several server processes on one database).
          exclude: process.env.DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          setupFiles: ['./src/test/setup-tenant-scope.ts'],
        },
      },
      {
        plugins: [supportedPhoneMetadata()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
