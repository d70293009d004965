// Mutation testing of packages/domain (see docs/mutation-testing.md). Run: npm run mutation:domain
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'mutation/vitest.domain.config.ts' },
  // The domain's logic. Left out: the zod declarations of entities, contracts and endpoints (data
  // shapes and route declarations, exercised by the server's and the web's tests, which this run
  // does not execute), wherever a module keeps them.
  mutate: [
    'packages/domain/src/**/*.ts',
    '!packages/domain/src/**/*.test.ts',
    '!packages/domain/src/entities/**',
    '!packages/domain/src/contracts/**',
    '!packages/domain/src/endpoints/**',
    '!packages/domain/src/**/contracts.ts',
    '!packages/domain/src/**/entities.ts',
    'packages/domain/src/contracts/catch-up.ts',
  ],
  coverageAnalysis: 'perTest',
  // Two cores shared with other work: one test process at a time.
  concurrency: 1,
  ignorePatterns: ['apps/web', 'scripts', 'docs', 'reports', 'test-results', 'playwright-report', 'data'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/domain.html' },
  jsonReporter: { fileName: 'reports/mutation/domain.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 95, low: 90, break: 95 },
};
