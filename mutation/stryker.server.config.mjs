// Mutation testing of the server's rules: authentication, policies, idempotency, message
// statuses, webhooks (see docs/mutation-testing.md). Run: npm run mutation:server
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // related: false — Vitest's module graph misses the route modules that reach a mutated file
  // through the module registry; perTest coverage picks each mutant's tests instead.
  vitest: { configFile: 'mutation/vitest.server.config.ts', related: false },
  mutate: [
    // Authentication: tokens, sign-in throttle, passwords, refresh cookie and sessions, route access.
    'apps/server/src/modules/auth/access-token.ts',
    'apps/server/src/modules/auth/sign-in-throttle.ts',
    'apps/server/src/modules/auth/sign-in-rate-limit.ts',
    'apps/server/src/modules/auth/password.ts',
    'apps/server/src/modules/auth/refresh-token.ts',
    'apps/server/src/modules/auth/refresh-cookie.ts',
    'apps/server/src/modules/auth/session-store.ts',
    'apps/server/src/http/route-access.ts',
    // The policies have their own run (stryker.policies.config.mjs): their tests are the modules'.
    // Idempotency of sends.
    'apps/server/src/modules/messages/idempotency-keys.ts',
    'apps/server/src/modules/messages/send-message.ts',
    'apps/server/src/modules/messages/purge-expired-idempotency-keys.ts',
    // Message statuses: never backwards, each change a new version.
    'apps/server/src/modules/messages/write-carrier-status.ts',
    'apps/server/src/modules/messages/apply-carrier-status.ts',
    // Webhooks: signature and parameters.
    'apps/server/src/carriers/messaging/twilio/twilio-signature.ts',
    'apps/server/src/carriers/messaging/twilio/twilio-params.ts',
    'apps/server/src/carriers/messaging/twilio/twilio-webhooks.routes.ts',
  ],
  // Patterns whose mutants no client or test may observe, ignored by rule (mutation/ignorers.mjs)
  // instead of by a `// Stryker disable` comment at each place: an AppError's developer text, debug log lines.
  plugins: ['@stryker-mutator/*', './mutation/ignorers.mjs'],
  ignorers: ['AppErrorDeveloperText', 'DebugLogLine'],
  coverageAnalysis: 'perTest',
  // Module-level code is covered by every test: each such mutant would rerun the whole suite.
  ignoreStatic: true,
  // Two cores shared with other work: one test process at a time.
  concurrency: 1,
  timeoutMS: 60_000,
  // The first run of the server's tests takes minutes on a busy two-core machine.
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ['apps/web', 'scripts', 'docs', 'reports', 'test-results', 'playwright-report', 'data'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/server.html' },
  jsonReporter: { fileName: 'reports/mutation/server.json' },
  tempDirName: '.stryker-tmp-server',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 75, break: null },
};
