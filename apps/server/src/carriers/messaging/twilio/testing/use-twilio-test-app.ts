import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../../../config';
import type { BuildAppOptions } from '../../../../app';
import { useTestApp, type TestApp } from '../../../../test/test-app';
import { startTwilioApiStandIn } from './twilio-api-stand-in';

type TwilioApiStandIn = Awaited<ReturnType<typeof startTwilioApiStandIn>>;

/** The account SID every Twilio-backed test uses. */
export const TEST_TWILIO_ACCOUNT_SID = 'AC00000000000000000000000000000001';

/**
 * The test file's server with the Twilio carrier, whose REST calls go to a local stand-in for
 * api.twilio.com (`api`): the stand-in starts in `beforeAll` before the app (`useTestApp`), and
 * stops in `afterAll` after the app closed. Read `t` and `api` inside tests and hooks.
 * `logger`: the app's logger options (default: silent), for a test that reads what is logged.
 * `config`: more of the app's configuration, read when the app starts (a storage vendor's).
 */
export function useTwilioTestApp(opts: {
  authToken: string;
  publicUrl: string;
  logger?: BuildAppOptions['logger'];
  config?: () => Partial<Config>;
}): { t: TestApp; readonly api: TwilioApiStandIn } {
  let api: TwilioApiStandIn | null = null;
  beforeAll(async () => {
    api = await startTwilioApiStandIn();
  });
  // Registered before the app's: after-hooks run in reverse order, so the app closes first.
  afterAll(async () => {
    await api?.close();
  });
  const standIn = (): TwilioApiStandIn => {
    if (!api) throw new Error('useTwilioTestApp: the stand-in starts in beforeAll');
    return api;
  };
  const t = useTestApp(
    (): Partial<Config> => ({
      MESSAGING_CARRIER: 'twilio',
      TWILIO_ACCOUNT_SID: TEST_TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: opts.authToken,
      PUBLIC_URL: opts.publicUrl,
      TWILIO_API_BASE_URL: standIn().baseUrl,
      ...opts.config?.(),
    }),
    opts.logger === undefined ? {} : { logger: opts.logger },
  );
  return {
    t,
    get api() {
      return standIn();
    },
  };
}
