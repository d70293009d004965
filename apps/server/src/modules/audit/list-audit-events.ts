import type { AuditEventPage, ListAuditEventsQuery } from '@accueil/domain';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { auditEvents } from '../../db/schema/audit';
import type { RequestContext } from '../../http/request-context';
import { authorizeAuditRead } from './audit.policy';
import { presentAuditEvent } from './audit.presenter';

/**
 * GET /api/audit-events: one page of the caller's organisation's audit log, newest first
 * (by `seq`), filtered by action, actor, and instants `from` (inclusive) to `to` (exclusive).
 * The cursor is the last row's `seq`.
 * @throws AppError 'forbidden' for a role other than an administrator's.
 */
export async function listAuditEvents(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  query: ListAuditEventsQuery,
): Promise<AuditEventPage> {
  authorizeAuditRead(ctx);
  const where: SQL[] = [eq(auditEvents.organizationId, ctx.organizationId)];
  if (query.action) where.push(eq(auditEvents.action, query.action));
  if (query.actorId) where.push(eq(auditEvents.actorUserId, query.actorId));
  if (query.from) where.push(gte(auditEvents.createdAt, new Date(query.from)));
  if (query.to) where.push(lt(auditEvents.createdAt, new Date(query.to)));
  if (query.cursor) where.push(lt(auditEvents.seq, Number(query.cursor)));
  const rows = await deps.db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { items: page.map(presentAuditEvent), nextCursor: more ? String(page.at(-1)!.seq) : null };
}
