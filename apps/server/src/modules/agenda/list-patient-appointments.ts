import type { Appointment } from '@accueil/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { getContact } from '../contacts/index';
import { presentAppointment } from './agenda.presenter';
import { agendaNotFound } from './agenda.policy';

/**
 * GET /api/patients/:id/appointments: the contact's appointments, cancelled ones included,
 * newest start first.
 * @throws AppError 'not-found' when the contact is missing or another organisation's.
 */
export async function listPatientAppointments(
  deps: AppDeps,
  ctx: RequestContext,
  contactId: string,
): Promise<{ items: Appointment[] }> {
  const contact = await getContact(deps.db, ctx.organizationId, contactId);
  if (!contact) throw agendaNotFound('Contact');
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.organizationId, ctx.organizationId), eq(appointments.contactId, contact.id)))
    .orderBy(desc(appointments.startsAt), desc(appointments.id));
  return { items: rows.map(presentAppointment) };
}
