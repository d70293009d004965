import { defineConfig } from 'vitest/config';

/**
 * The server tests that exercise the rules Stryker mutates (`npm run mutation:server`):
 * authentication, route access, tenancy, idempotent sends, statuses and webhooks. The other
 * server tests (listing, ingest batching, rate limits, sockets, processes) are left out: they
 * cover none of those files and would only slow every run.
 */
export default defineConfig({
  test: {
    root: new URL('../apps/server', import.meta.url).pathname,
    include: [
      'src/modules/auth/**/*.test.ts',
      'src/modules/messages/**/*{send-message-once,messages,record-inbound-text,outcome-version,send-quick-message,idempotency-keys,carrier-status}.test.ts',
      'src/modules/conversations/conversations.test.ts',
      'src/modules/**/*policy*.test.ts',
      'src/carriers/messaging/twilio/**/*.test.ts',
      'src/http/app.test.ts',
      'src/http/role-route-matrix.test.ts',
      'src/http/route-access.test.ts',
      'src/http/tenant-scope-hook.test.ts',
      'src/modules/impersonation/impersonation.test.ts',
      'src/modules/messages/purge-idempotency-keys.job.test.ts',
      // PostgreSQL only (two connections): the purge skips a key a send holds locked.
      'src/modules/messages/purge-idempotency-keys-skip-locked.pg.test.ts',
    ],
    // The other *.pg.test.ts need several server processes; the one above needs PostgreSQL, which
    // these runs use (DATABASE_URL, see docs/mutation-testing.md); on PGlite it is left out.
    exclude: process.env.DATABASE_URL
      ? ['src/**/!(purge-idempotency-keys-skip-locked).pg.test.ts']
      : ['src/**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // As the main configuration: tests that call the database outside a request run in a scope.
    setupFiles: ['./src/test/setup-tenant-scope.ts'],
  },
});
