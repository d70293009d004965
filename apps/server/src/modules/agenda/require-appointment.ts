import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import type { AppointmentRow } from './agenda.presenter';
import { agendaNotFound } from './agenda.policy';

/**
 * The organisation's appointment with that id, locked `for update` when `lock`.
 * @throws AppError 'not-found' when missing or of another organisation.
 */
export async function requireAppointment(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  id: string,
  lock = false,
): Promise<AppointmentRow> {
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw agendaNotFound('Appointment');
  return row;
}
