import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/agenda';

/**
 * Whether the organisation's contact has a scheduled appointment: one not cancelled that has
 * not ended yet. A contact with one cannot be deleted. Takes the database or the caller's
 * transaction.
 */
export async function hasScheduledAppointment(
  db: DbOrTx,
  organizationId: string,
  contactId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, organizationId),
        eq(appointments.contactId, contactId),
        ne(appointments.status, 'cancelled'),
        gt(appointments.endsAt, sql`now()`),
      ),
    )
    .limit(1);
  return !!row;
}
