import { eq } from 'drizzle-orm';
import { domainEvents } from '../db/schema/domain-events';
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
