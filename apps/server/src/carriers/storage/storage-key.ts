/**
 * Storage keys: `/`-separated segments of letters, digits, `-`, `_` and `.`, none starting with
 * `.` (so no `.`, `..` or hidden name), none empty (no leading `/`, no `//`), at most 16 segments
 * of 128 characters. A key can thus never name a path outside a vendor's root, and the disk
 * vendor's own names (`.tmp`, `.meta`) can never be a key.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/**
 * The key itself when it is fit for storage.
 * @throws RangeError naming the key otherwise.
 */
export function checkStorageKey(key: string): string {
  const segments = typeof key === 'string' ? key.split('/') : [];
  if (segments.length === 0 || segments.length > 16 || !segments.every((s) => SEGMENT.test(s)))
    throw new RangeError(`storage key refused: ${JSON.stringify(key)}`);
  return key;
}

/**
 * The key of an organisation's file: `org/<organizationId>/<parts joined by />`. Every file of
 * a tenant lives under its prefix (a purge of the organisation removes the prefix).
 * @throws RangeError when a part is unfit (see `checkStorageKey`).
 */
export function organizationFileKey(organizationId: string, ...parts: string[]): string {
  return checkStorageKey(['org', organizationId, ...parts].join('/'));
}
