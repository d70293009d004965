import type { Appointment } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentAppointment } from './agenda.presenter';
import { requireAppointmentManager } from './agenda.policy';
import { requireAppointment } from './require-appointment';

/**
 * POST /api/appointments/:id/cancel: the appointment becomes `cancelled` and frees its time
 * (the exclusion constraint ignores cancelled rows). Cancelling twice answers the same row.
 * @throws AppError 'not-found'; 'forbidden'.
 */
export async function cancelAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<Appointment> {
  requireAppointmentManager(ctx);
  const row = await deps.db.transaction(async (tx) => {
    const current = await requireAppointment(tx, ctx, id, true);
    if (current.status === 'cancelled') return current;
    const [updated] = await tx
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(appointments.id, current.id))
      .returning();
    return updated!;
  });
  return presentAppointment(row);
}
