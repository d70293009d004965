import { AppError, type Appointment, type AppointmentInput } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentAppointment } from './agenda.presenter';
import { requireAppointmentManager } from './agenda.policy';
import { appointmentValues, writeBooking } from './appointment-values';
import { requireAppointment } from './require-appointment';

/**
 * PUT /api/appointments/:id: edits an appointment, or moves it (new time, duration or
 * professional: its status becomes `moved`). The same rules as booking apply.
 * @throws AppError 'not-found'; 'appointment-cancelled' (409) for a cancelled one; those of
 *   `appointmentValues`; 'availability-taken' (409); 'forbidden'.
 */
export async function updateAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: AppointmentInput,
): Promise<Appointment> {
  requireAppointmentManager(ctx);
  const row = await writeBooking(() =>
    deps.db.transaction(async (tx) => {
      const current = await requireAppointment(tx, ctx, id, true);
      if (current.status === 'cancelled')
        throw new AppError('appointment-cancelled', 'This appointment is cancelled');
      const values = await appointmentValues(deps, tx, ctx, input);
      const moved =
        values.startsAt.getTime() !== current.startsAt.getTime() ||
        values.durationMinutes !== current.durationMinutes ||
        values.professionalId !== current.professionalId;
      const [updated] = await tx
        .update(appointments)
        .set({ ...values, status: moved ? 'moved' : current.status, updatedAt: sql`now()` })
        .where(eq(appointments.id, current.id))
        .returning();
      return updated!;
    }),
  );
  return presentAppointment(row);
}
