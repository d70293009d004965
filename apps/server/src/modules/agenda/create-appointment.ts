import type { Appointment, AppointmentInput } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentAppointment } from './agenda.presenter';
import { requireAppointmentManager } from './agenda.policy';
import { appointmentValues, writeBooking } from './appointment-values';

/**
 * POST /api/appointments: books an appointment (status `created`), linked to its contact.
 * Two bookings of one professional that meet are refused by the database itself (exclusion
 * constraint), so two desks booking the same availability at once get one 201 and one 409.
 * @throws AppError those of `appointmentValues`; 'availability-taken' (409); 'forbidden'.
 */
export async function createAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  input: AppointmentInput,
): Promise<Appointment> {
  requireAppointmentManager(ctx);
  const row = await writeBooking(() =>
    deps.db.transaction(async (tx) => {
      const values = await appointmentValues(deps, tx, ctx, input);
      const [inserted] = await tx
        .insert(appointments)
        .values({ ...values, organizationId: ctx.organizationId, status: 'created' })
        .returning();
      return inserted!;
    }),
  );
  return presentAppointment(row);
}
