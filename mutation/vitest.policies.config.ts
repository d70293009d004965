import { defineConfig } from 'vitest/config';

/**
 * The server tests that exercise the modules' policies (`npm run mutation:policies`): each
 * policy is reached through its module's routes, so the selection is the tests of every module
 * that has a `*.policy.ts`, plus the route matrix and the tenancy tests. PostgreSQL when
 * DATABASE_URL is set (three times faster than PGlite for these tests).
 */
export default defineConfig({
  test: {
    root: new URL('../apps/server', import.meta.url).pathname,
    include: [
      'src/modules/{agenda,audit,auth,automations,calls,communication,contacts,conversations,impersonation,onboarding,organizations,passwords,phone-settings,scheduled-messages,teams,users}/**/*.test.ts',
      'src/http/{app,role-route-matrix,tenant-isolation}.test.ts',
    ],
    exclude: ['src/**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./src/test/setup-tenant-scope.ts'],
  },
});
