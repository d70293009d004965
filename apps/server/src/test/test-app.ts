import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { setFactoryDatabase } from './factories';
import { recordExchanges } from './openapi-exchanges';
import { loadPgliteTemplate } from './pglite-template';

/** Fixed in tests so a token signed in one step verifies in the next. */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A whole server for API tests (see `createTestApp`). */
export type TestApp = Pick<BuiltApp, 'app' | 'deps' | 'jobs' | 'close'>;

/**
 * The configuration tests run with: PostgreSQL when `DATABASE_URL` is set (the shared `test`
 * database; factories make every test's data unique, so nothing is cleaned), otherwise PGlite
 * in memory; no demo seed; sandbox carrier; silent logs; no presence sweep; sign-in and send rate limits high
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
    PASSWORD_FORGOT_RATE_LIMIT: '100000',
    SEND_RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: '100000',
    // The sweep sets offline every user present without a browser, other test files' included (one database).
    PRESENCE_SWEEP_MS: '0',
  });
  return { ...base, ...overrides };
}

/**
 * An app on `testConfig(overrides)`, neither ready nor checked against the API description, for a
 * test that registers routes before `ready()` (`createTestApp` builds on it). Its database starts
 * from the run's migrated PGlite template (test/pglite-template.ts) unless `opts.pgliteTemplate`
 * is given, instead of a newly migrated one (about 4 s of CPU); on PostgreSQL there is no template.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  opts: BuildAppOptions = {},
): Promise<BuiltApp> {
  const pgliteTemplate =
    opts.pgliteTemplate ?? (await loadPgliteTemplate(inject('pgliteTemplatePath') ?? ''));
  return buildApp(testConfig(overrides), { ...opts, pgliteTemplate });
}

/**
 * A whole server for API tests through `app.inject` (real database, real migrations).
 * Its job queue is not started (it starts on listen): call `jobs.start()` to test jobs.
 * Call `close()` when done (a test file with one app uses `useTestApp` instead): it also checks
 * every `/api` answer the test saw against the API description the app serves
 * (`openapi-exchanges.ts`) and throws the list of mismatches.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: BuildAppOptions = {},
): Promise<TestApp> {
  const built = await buildTestApp(overrides, opts);
  const recorder = recordExchanges(built.app);
  await built.app.ready();
  const close = async () => {
    // Every answer the test saw must be described by the API description the app serves.
    const check = recorder.assertDocumented();
    await check.finally(() => built.close());
  };
  return { app: built.app, deps: built.deps, jobs: built.jobs, close };
}

/**
 * The test file's server: built in `beforeAll` (with `overrides` and `opts`, or what the
 * functions return then, for values an earlier `beforeAll` computes, such as a stand-in's URL),
 * closed in `afterAll`. The factories write to its database by default. Read its fields inside
 * tests and hooks only (before `beforeAll` they throw).
 */
export function useTestApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  opts: BuildAppOptions | (() => BuildAppOptions) = {},
): TestApp {
  let built: TestApp | null = null;
  beforeAll(async () => {
    built = await createTestApp(
      typeof overrides === 'function' ? overrides() : overrides,
      typeof opts === 'function' ? opts() : opts,
    );
    setFactoryDatabase(built.deps.db, built.deps.config.JWT_SECRET ?? TEST_JWT_SECRET);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests and hooks');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get deps() {
      return current().deps;
    },
    get jobs() {
      return current().jobs;
    },
    close: () => current().close(),
  };
}
