import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_S,
  ACCOUNT_INVITATION_LINK_TTL_MS,
  API_BODY_LIMIT_BYTES,
  APP_VERSION,
  DEFAULT_LOCALE,
  DEFAULT_TEAM_LABEL,
  DELETED_CONVERSATION_RETENTION_MS,
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_NAME,
  FLOW_LOCK_MAX_MS,
  IDEMPOTENCY_KEY_TTL_MS,
  IMPERSONATION_DURATION_MS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_KNOWN_DEVICE_DELAY_MAX_MS,
  PASSWORD_RESET_LINK_TTL_MS,
  REFRESH_COOKIE_MAX_AGE_S,
  REFRESH_COOKIE_NAME,
  WEBAUTHN_CHALLENGE_TTL_MS,
} from './constants';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MB = 1024 * 1024;

/** The durations and names the product promises, in the units people say them in. */
describe('product constants', () => {
  it('durations and sizes', () => {
    expect(ACCESS_TOKEN_TTL_S).toBe(15 * 60); // an access token lives 15 minutes
    expect(REFRESH_COOKIE_MAX_AGE_S).toBe(365 * 86_400); // the refresh cookie, a year
    expect(LOGIN_FAILURE_WINDOW_MS).toBe(15 * MINUTE_MS); // sign-in failures counted over 15 minutes
    expect(IDEMPOTENCY_KEY_TTL_MS).toBe(24 * 60 * MINUTE_MS); // a send's key remembered a day
    expect(API_BODY_LIMIT_BYTES).toBe(2 ** 20); // a JSON body up to 1 MiB
  });

  it('sign-in, links and sessions', () => {
    expect(LOGIN_KNOWN_DEVICE_DELAY_MAX_MS).toBe(5 * MINUTE_MS); // a known machine waits at most 5 minutes
    expect(DEVICE_COOKIE_MAX_AGE_S).toBe(365 * 86_400); // the device cookie, a year
    expect(WEBAUTHN_CHALLENGE_TTL_MS).toBe(5 * MINUTE_MS); // a passkey challenge, 5 minutes
    expect(PASSWORD_RESET_LINK_TTL_MS).toBe(60 * MINUTE_MS); // a reset link, an hour
    expect(ACCOUNT_INVITATION_LINK_TTL_MS).toBe(7 * DAY_MS); // an invitation, a week
    expect(IMPERSONATION_DURATION_MS).toBe(30 * MINUTE_MS); // support's access, half an hour
  });

  it('messages, imports and retention', () => {
    expect(FLOW_LOCK_MAX_MS).toBe(60 * MINUTE_MS); // a survey blocks sending at most an hour
    expect(DELETED_CONVERSATION_RETENTION_MS).toBe(30 * DAY_MS); // a deleted conversation kept 30 days
    expect(IMPORT_FILE_MAX_BYTES).toBe(20 * MB); // an import file up to 20 MB
    expect(IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES).toBe(200 * MB); // its sheet up to 200 MB unpacked
  });

  it('names and defaults', () => {
    expect(REFRESH_COOKIE_NAME).toMatch(/^[a-z_]+$/);
    // A cookie name is an RFC 6265 token, and the two cookies must not overwrite each other.
    expect(DEVICE_COOKIE_NAME).toMatch(/^[a-z_]+$/);
    expect(DEVICE_COOKIE_NAME).not.toBe(REFRESH_COOKIE_NAME);
    expect(DEFAULT_LOCALE).toBe('fr-CA');
    expect(DEFAULT_TEAM_LABEL).toBe('Principal');
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
