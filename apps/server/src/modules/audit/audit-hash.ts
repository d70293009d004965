import { createHash } from 'node:crypto';

/** The `prev_hash` of an organisation's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What an event's hash covers: every column but its id, the hashes themselves, and `event_id`
 * (the domain event it was written for: a link, added after the first chains were hashed).
 */
export type HashedContent = {
  organizationId: string;
  seq: number;
  actorUserId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/** `value` as JSON with object keys sorted at every depth (jsonb keeps no key order). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The event's link in its organisation's chain: SHA-256 (hex) of the previous event's hash, a
 * newline, and the canonical JSON of the content in a fixed order (the instant in ISO 8601 with
 * milliseconds, as stored). Changing any hashed column of a stored row, or its place in the
 * chain, changes the hash that the verification recomputes.
 */
export function auditHash(prevHash: string, content: HashedContent): string {
  const fields = [
    content.organizationId,
    content.seq,
    content.actorUserId,
    content.actorName,
    content.action,
    content.targetType,
    content.targetId,
    content.details,
    content.ip,
    content.userAgent,
    content.createdAt.toISOString(),
  ];
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(fields)}`)
    .digest('hex');
}
