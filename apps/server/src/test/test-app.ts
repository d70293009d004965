import { buildApp, type BuildAppOptions, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { recordExchanges } from './openapi-exchanges';

/** Fixed in tests so a token signed in one step verifies in the next. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/**
 * The configuration tests run with: PostgreSQL when `DATABASE_URL` is set (the shared `test`
 * database; factories make every test's data unique, so nothing is cleaned), otherwise PGlite
 * in memory; no demo seed; sandbox carrier; silent logs; sign-in and send rate limits high
 * enough for many sign-ins and sends per file (rate-limits.test.ts lowers them). `overrides` win.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DATABASE_URL: process.env.DATABASE_URL,
    SEED_DEMO: 'false',
    MESSAGING_CARRIER: 'sandbox',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    SEND_RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: '100000',
  });
  return { ...base, ...overrides };
}

/**
 * A whole server for API tests through `app.inject` (real database, real migrations).
 * Its job queue is not started (it starts on listen): call `jobs.start()` to test jobs.
 * Call `close()` in `afterAll`: it also checks every `/api` answer the test saw against the
 * API description the app serves (`openapi-exchanges.ts`) and throws the list of mismatches.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: BuildAppOptions = {},
): Promise<Pick<BuiltApp, 'app' | 'deps' | 'jobs' | 'close'>> {
  const built = await buildApp(testConfig(overrides), opts);
  const recorder = recordExchanges(built.app);
  await built.app.ready();
  const close = async () => {
    // Every answer the test saw must be described by the API description the app serves.
    const check = recorder.assertDocumented();
    await check.finally(() => built.close());
  };
  return { app: built.app, deps: built.deps, jobs: built.jobs, close };
}
