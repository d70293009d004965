import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_S,
  API_BODY_LIMIT_BYTES,
  APP_VERSION,
  DEFAULT_LOCALE,
  DEFAULT_TEAM_LABEL,
  IDEMPOTENCY_KEY_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  REFRESH_COOKIE_MAX_AGE_S,
  REFRESH_COOKIE_NAME,
} from './constants';

const MINUTE_MS = 60_000;

/** The durations and names the product promises, in the units people say them in. */
describe('product constants', () => {
  it('durations and sizes', () => {
    expect(ACCESS_TOKEN_TTL_S).toBe(15 * 60); // an access token lives 15 minutes
    expect(REFRESH_COOKIE_MAX_AGE_S).toBe(365 * 86_400); // the refresh cookie, a year
    expect(LOGIN_FAILURE_WINDOW_MS).toBe(15 * MINUTE_MS); // sign-in failures counted over 15 minutes
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 60 * MINUTE_MS); // a send's key remembered a day
    expect(API_BODY_LIMIT_BYTES).toBe(2 ** 20); // a JSON body up to 1 MiB
  });

  it('names and defaults', () => {
    expect(REFRESH_COOKIE_NAME).toMatch(/^[a-z_]+$/);
    expect(DEFAULT_LOCALE).toBe('fr-CA');
    expect(DEFAULT_TEAM_LABEL).toBe('Principal');
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
