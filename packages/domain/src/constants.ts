/**
 * The product's business constants (the rules are in `docs/behaviour/`),
 * named after what they mean with the unit in the name. Every timer, poll and limit of the
 * product reads its value from here, on the server and in the web app alike.
 */

/** Session idle timeout: a session unused this long ends (12 h). */
export const SESSION_IDLE_TIMEOUT_MS = 43_200_000;
/** Access token (JWT) lifetime; the web app refreshes it through the refresh cookie on a 401. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** Cookie expiry: 365 days. The refresh cookie lives at most this long (idle timeout still applies). */
export const REFRESH_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/**
 * A used refresh token presented again within this window is taken as another tab of the same
 * browser refreshing at the same moment (they share the cookie), not as theft: it gets a fresh
 * token of the same session. Past the window, reuse revokes the whole session (family).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** Name of the httpOnly refresh-token cookie. */
export const REFRESH_COOKIE_NAME = 'accueil_refresh';

/** Failed sign-ins allowed per username before 429 'Too many attempts.'. */
export const LOGIN_MAX_FAILURES = 5;
/** Window over which failed sign-ins are counted (15 minutes). */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * From a machine the username signed in from before (its device cookie), failures past
 * LOGIN_MAX_FAILURES are not locked out but slowed: the next attempt waits this long, doubled
 * at each further failure, up to LOGIN_KNOWN_DEVICE_DELAY_MAX_MS.
 */
export const LOGIN_KNOWN_DEVICE_DELAY_BASE_MS = 1_000;
/** Longest wait between two attempts from a known machine (5 minutes). */
export const LOGIN_KNOWN_DEVICE_DELAY_MAX_MS = 5 * 60 * 1000;
/**
 * Failures of one username from all unknown sources together within the window past which
 * every unknown source is locked for it (a guesser spreading over many addresses); the user's
 * known machines still sign in.
 */
export const LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME = 50;
/** Name of the httpOnly device cookie that marks a machine which signed in before. */
export const DEVICE_COOKIE_NAME = 'accueil_device';
/** The device cookie lives 365 days (the product's cookie expiry). */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** A WebAuthn challenge (passkey registration or sign-in) must be answered within 5 minutes. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Longest a survey or flow (follow-up) blocks sending to its contact: one hour, in ms. */
export const FLOW_LOCK_MAX_MS = 60 * 60 * 1000;

/**
 * A snooze's end is at least this far ahead of the request (1 minute, in ms), so the job that
 * reopens the conversation cannot be due before the snooze is stored (docs/behaviour/snooze.md).
 */
export const SNOOZE_MIN_AHEAD_MS = 60 * 1000;

/** A snooze's end is at most this far ahead (365 days, in ms): a longer wait is an archive. */
export const SNOOZE_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

/** Conversation page size in the view: messages are loaded 15 at a time. */
export const MESSAGE_PAGE_SIZE = 15;
/** Largest message page a client may ask for. */
export const MESSAGE_PAGE_SIZE_MAX = 100;
/** Conversations per page of the list (keyset pagination). */
export const CONVERSATION_PAGE_SIZE = 50;
/** Search needs at least 3 characters. */
export const SEARCH_MIN_CHARS = 3;
/** Longest search string accepted. */
export const SEARCH_MAX_CHARS = 100;
/** Longest text message body accepted (characters); carriers split it into segments. */
export const MESSAGE_BODY_MAX_CHARS = 1600;
/**
 * Longest wait for the messaging carrier to accept an outbound text (ms). Past it the text's
 * fate is unknown (status `unknown`): it is not resent, the status callback reconciles it.
 */
export const MESSAGING_SEND_TIMEOUT_MS = 10_000;
/** Longest `Idempotency-Key` header accepted on a send (characters). */
export const IDEMPOTENCY_KEY_MAX_CHARS = 200;
/** How long a send's `Idempotency-Key` is remembered (24 h): a retry within it is answered, not resent. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Rate limits on sending (POST /api/conversations and …/messages), per
 * `RATE_LIMIT_WINDOW_MS`: a person types at most a text every few seconds, so 60 a minute
 * only stops a runaway script or a stuck retry loop …
 */
export const SEND_RATE_LIMIT_PER_USER_PER_MINUTE = 60;
/**
 * … and an organisation sends at most 600 a minute (10/s: about what carriers accept from a
 * clinic's few numbers, ~1 text/s per long code). Counted per organisation, so one
 * organisation's burst never uses another's allowance.
 */
export const SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE = 600;
/** The window of the send and sign-in rate limits (1 minute). */
export const RATE_LIMIT_WINDOW_MS = 60_000;
/**
 * The allowances refill smoothly (a user's 60/min is one text a second) and at most this much
 * time's worth of a user's allowance may go at once (10 s: 10 texts at 60/min): a minute's
 * allowance spent in one second would load the server for every tenant.
 */
export const SEND_RATE_LIMIT_USER_BURST_MS = 10_000;
/** An organisation's burst: 3 s of its allowance (30 texts at 600/min). */
export const SEND_RATE_LIMIT_ORGANIZATION_BURST_MS = 3_000;
/** Sign-ins from one IP at once: 10 s of the allowance (5 at 30/min; each costs an argon2 hash). */
export const LOGIN_RATE_LIMIT_BURST_MS = 10_000;
/** Largest JSON request body accepted by the API (bytes). */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/** Every API call times out after 90 s. */
export const REQUEST_TIMEOUT_MS = 90_000;
/** The refresh call times out after 30 s. */
export const REFRESH_TIMEOUT_MS = 30_000;
/** The logout call times out after 30 s. */
export const LOGOUT_TIMEOUT_MS = 30_000;

/** A toast with a timeout hides after 3 s. */
export const TOAST_AUTO_CLOSE_MS = 3000;
/** The page title blinks on notification: 5000 ms showing the notice … */
export const TITLE_BLINK_NOTICE_MS = 5000;
/** … then 2000 ms showing the normal title. */
export const TITLE_BLINK_NORMAL_MS = 2000;

/** 'Connection unstable' is shown at most once per 10 s. */
export const CONNECTION_UNSTABLE_NOTICE_MIN_INTERVAL_MS = 10_000;
/** A failed realtime initialisation (other than no team) is retried after 3 s. */
export const REALTIME_INIT_RETRY_MS = 3000;
/** Failed loading is retried up to 5 times with growing delay. */
export const REALTIME_LOAD_MAX_RETRIES = 5;
/** Base delay of the growing retry delay (attempt n waits n × this). */
export const REALTIME_LOAD_RETRY_BASE_MS = 1000;
/** Loading a conversation waits up to 5 s for its event. */
export const CONVERSATION_WAIT_TIMEOUT_MS = 5000;

/** Minimum screen width the product supports. */
export const MIN_SCREEN_WIDTH_PX = 1024;
/** Password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Emergency numbers. */
export const EMERGENCY_NUMBERS = ['+1911', '+1933', '911', '933'] as const;
/** Anonymous caller markers, as carriers present a withheld number. */
export const ANONYMOUS_MARKERS = [
  'anonymous',
  'restricted',
  'unknown',
  'private',
  'unavailable',
  '+266696687',
  '+86282452253',
  '+7378742833',
  '+2562533',
] as const;
/** Supported countries (12). */
export const SUPPORTED_COUNTRIES = [
  'BE',
  'CA',
  'FR',
  'CH',
  'LU',
  'NL',
  'US',
  'GB',
  'ES',
  'AD',
  'MC',
  'IT',
] as const;
/** Default locale and the locales the interface has catalogues for. */
export const DEFAULT_LOCALE = 'fr-CA';
export const SUPPORTED_LOCALES = ['fr-CA', 'en-CA', 'fr-FR'] as const;
/** Default group (team) label. */
export const DEFAULT_TEAM_LABEL = 'Principal';
/** Application version. */
export const APP_VERSION = '5.5.1';

/** A password reset link works for 60 minutes after it is sent, once. */
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * An account invitation's set-password link works for 7 days after it is sent, once: the
 * invited person may not read their mail within the hour a reset link lasts.
 */
export const ACCOUNT_INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Password reset requests allowed per client address per 15 minutes (`POST /api/auth/password/forgot`). */
export const PASSWORD_FORGOT_RATE_LIMIT = 5;

/** Contacts per page of the contacts table by default; the page-size choice is `CONTACT_PAGE_SIZES` or All. */
export const CONTACT_PAGE_SIZE = 50;
/** The items-per-page choices of the contacts table (All is the continuous, virtualised list). */
export const CONTACT_PAGE_SIZES = [25, 50, 100] as const;
/** Largest page of contacts a client may ask for (the All view reads pages of this size as it scrolls). */
export const CONTACT_PAGE_SIZE_MAX = 500;
/**
 * A contacts search counts its matches up to this many: beyond, `total` says this number with
 * `totalCapped` (the screen shows "1,000+"), as counting 40,000 matches of a common name costs
 * more than the page itself.
 */
export const CONTACT_SEARCH_COUNT_CAP = 1000;
/** Longest name, e-mail, address or city of a contact (characters). */
export const CONTACT_FIELD_MAX_CHARS = 200;
/** Longest note of a contact (characters). */
export const CONTACT_NOTE_MAX_CHARS = 2000;
/** An import file has 11 columns, in this order. */
export const IMPORT_COLUMNS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'birthday',
  'address',
  'city',
  'postalCode',
  'language',
  'gender',
  'note',
] as const;
/** Largest import file accepted (bytes; 20 MB): larger uploads answer 413. */
export const IMPORT_FILE_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Largest total uncompressed size of an XLSX's parts (bytes; 200 MB): a zip whose central
 * directory declares more is refused before it is inflated (zip bombs).
 */
export const IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;
/** Largest cell of an import file (characters); a row with a longer cell is skipped. */
export const IMPORT_CELL_MAX_CHARS = 2000;
/** Rows written per transaction by an import; the progress is published after each batch. */
export const IMPORT_BATCH_ROWS = 2000;
/** Skipped rows kept (with their reason) per import, for the downloadable list. */
export const IMPORT_SKIPPED_ROWS_KEPT = 10_000;
/** How long a new invitation code stays valid unless its creator says otherwise, and the longest allowed (days). */
export const INVITATION_CODE_VALIDITY_DAYS = 14;
export const INVITATION_CODE_MAX_VALIDITY_DAYS = 90;
/** An impersonation session (devops acting in an organisation) ends this long after it starts. */
export const IMPERSONATION_DURATION_MS = 30 * 60 * 1000;
/** A deleted conversation can be restored for this long; the purge job then removes it and its messages. */
export const DELETED_CONVERSATION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long an inbound call rings the team's available users before it moves on (seconds; Twilio's
 * own default for `<Dial timeout>`): to the queue when the queue is on, else to the voicemail of
 * the period (docs/behaviour/calls.md). A call every rung user declined moves on at once.
 */
export const INBOUND_RING_TIMEOUT_S = 30;

/** France's thread list (the polling transport) is polled every 2.5 s … */
export const POLLING_INTERVAL_MS = 2500;
/** … and polling stops after 5 consecutive failures (until the user resumes it). */
export const POLLING_MAX_FAILURES = 5;
/** Polled events are kept 24 hours: a client away longer is told to reload (`reset`). */
export const POLLING_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The country code of organisations in France, which use the threads paths and polling. */
export const FRANCE_COUNTRY = 'FR';
