import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import { domainEvents } from '../db/schema/domain-events';
import { withOrganization } from '../db/tenant-scope';
import { deliverEvent } from '../events/deliver-event';
import { subscriberList } from '../events/subscriber-list';
import { databaseOf, type InDatabase } from './factories';

/**
 * The domain events recorded in organisation `organizationId` (test helper), oldest first, as
 * what a use case decides: name, actor and payload.
 */
export async function domainEventsOf(
  organizationId: string,
  input: InDatabase = {},
): Promise<{ name: string; actorUserId: string | null; payload: unknown }[]> {
  const rows = await databaseOf(input)
    .select()
    .from(domainEvents)
    .where(eq(domainEvents.organizationId, organizationId))
    .orderBy(domainEvents.occurredAt);
  return rows.map((e) => ({ name: e.name, actorUserId: e.actorUserId, payload: e.payload }));
}

/**
 * Delivers organisation `organizationId`'s undelivered domain events now, oldest first, to the
 * subscribers the modules declare (test helper: what the `deliver-domain-event` jobs do, without
 * starting the job queue).
 */
export async function deliverRecordedEvents(deps: AppDeps, organizationId: string): Promise<void> {
  const pending = await deps.db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.organizationId, organizationId), isNull(domainEvents.deliveredAt)))
    .orderBy(domainEvents.occurredAt);
  for (const { id } of pending)
    await withOrganization(organizationId, () => deliverEvent(deps, subscriberList(), id));
}
