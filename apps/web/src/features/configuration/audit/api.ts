import type { AuditAction, AuditEventPage, AuditVerification } from '@accueil/domain';
import { AUDIT_PAGE_SIZE, auditEndpoints } from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** What the audit log screen filters by: an action, an actor (user id), a day range (local `YYYY-MM-DD`, both inclusive). */
export type AuditFilters = {
  action: AuditAction | null;
  actor: { id: string; name: string } | null;
  fromDay: string;
  toDay: string;
};

/** Query keys of the audit log: everything under `['audit']`. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) =>
    ['audit', 'list', filters.action, filters.actor?.id ?? null, filters.fromDay, filters.toDay] as const,
  verification: () => ['audit', 'verification'] as const,
};

/** The instant a local day starts (`YYYY-MM-DD` → ISO 8601), `days` later; undefined for an empty or invalid day. */
export function dayStart(day: string, days = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** GET /api/audit-events — one page, newest first (docs/api.md "Audit log"). */
export function fetchAuditPage(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditEventPage> {
  return api.call(auditEndpoints.list, {
    query: {
      action: filters.action ?? undefined,
      actorId: filters.actor?.id,
      from: dayStart(filters.fromDay),
      to: dayStart(filters.toDay, 1),
      cursor,
      limit: AUDIT_PAGE_SIZE,
    },
    signal,
  });
}

/** GET /api/audit-events/verification — the hash chain walked by the server. */
export function fetchAuditVerification(signal?: AbortSignal): Promise<AuditVerification> {
  return api.call(auditEndpoints.verify, { signal });
}
