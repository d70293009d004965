// Mutation testing of the modules' policies (who may do what, in which organisation; see
// docs/mutation-testing.md). Run: npm run mutation:policies (with DATABASE_URL for speed).
import server from './stryker.server.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...server,
  vitest: { configFile: 'mutation/vitest.policies.config.ts', related: false },
  mutate: ['apps/server/src/modules/**/*.policy.ts'],
  htmlReporter: { fileName: 'reports/mutation/policies.html' },
  jsonReporter: { fileName: 'reports/mutation/policies.json' },
  tempDirName: '.stryker-tmp-policies',
};
