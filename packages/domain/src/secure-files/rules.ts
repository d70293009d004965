/**
 * Secure files (docs/behaviour/secure-files.md): a file the clinic sends a contact, released by
 * a 6-digit code at `/secure`, or a file the contact sends back at `/send-file` after the
 * clinic asked for it. The spec's rules (organisation setup §3, §5, §9) and the limits the
 * server applies, shared with the web app.
 */

/** Digits of a secure file's code (spec: organisation setup §9). */
export const SECURE_FILE_CODE_DIGITS = 6;
/** How long a secure file's link and code work: 7 days (a clinic's "within the week"), in ms. */
export const SECURE_FILE_TTL_MS = 7 * 24 * 3600 * 1000;
/** Wrong codes a secure file takes: the fifth wrong code locks it for good (its audit entry says so). */
export const SECURE_FILE_MAX_WRONG_CODES = 5;
/**
 * Codes one client address may try per hour, across every secure file (`/secure` and
 * `/send-file` each), 10 at once at most: walking the 10⁶ codes would take about 5,700 years.
 */
export const SECURE_FILE_ATTEMPTS_PER_ADDRESS_PER_HOUR = 20;

/** How the contact is greeted in the mail (spec: organisation setup §3): Mr, Ms, Miss. */
export const SECURE_FILE_SALUTATIONS = ['mr', 'ms', 'miss'] as const;
export type SecureFileSalutation = (typeof SECURE_FILE_SALUTATIONS)[number];

/**
 * What a secure file is: `file`, a file the clinic sent (released at `/secure`); `request`, a
 * link the clinic sent for the contact to send one file back (`/send-file`).
 */
export const SECURE_FILE_KINDS = ['file', 'request'] as const;
export type SecureFileKind = (typeof SECURE_FILE_KINDS)[number];

/**
 * A secure file's state: `waiting` (sent, not opened yet), `downloaded` (the code released it
 * at least once; it may be downloaded again until it expires), `received` (a request whose
 * file the contact sent), `locked` (too many wrong codes: nothing opens it any more),
 * `expired` (past its expiry: the file is purged from storage).
 */
export const SECURE_FILE_STATES = ['waiting', 'downloaded', 'received', 'locked', 'expired'] as const;
export type SecureFileState = (typeof SECURE_FILE_STATES)[number];

/** The one answer to every failure at `/secure` and `/send-file` (spec: organisation setup §8): no oracle. */
export const SECURE_FILE_UNAVAILABLE_TEXT = 'File is not accessible anymore or the code was wrong.';

/** True when `code` has the shape of a secure file's code (6 digits). */
export function isSecureFileCode(code: string): boolean {
  return new RegExp(`^\\d{${SECURE_FILE_CODE_DIGITS}}$`).test(code);
}
