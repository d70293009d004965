/**
 * A SIP user name (a user's associated phone line): an E.164 number (`+` then 8 to 15 digits,
 * the first not 0) or 1 to 64 letters, digits, dots, underscores and hyphens.
 */
export const SIP_USERNAME_PATTERN = /^(?:\+[1-9]\d{7,14}|[A-Za-z0-9._-]{1,64})$/;

/** True when `value` is a SIP user name (see `SIP_USERNAME_PATTERN`). */
export function isSipUsername(value: string): boolean {
  return SIP_USERNAME_PATTERN.test(value);
}
