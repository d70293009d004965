import { AGENDA_RANGE_MAX_DAYS, AppError, type Appointment } from '@accueil/domain';
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentAppointment } from './agenda.presenter';

/**
 * GET /api/appointments: the organisation's appointments that meet [from, to), of one
 * professional when asked, cancelled ones only with `includeCancelled`; by start.
 * @throws AppError 'validation-failed' when `to` is not after `from` or the span passes `AGENDA_RANGE_MAX_DAYS`.
 */
export async function listAppointments(
  deps: AppDeps,
  ctx: RequestContext,
  query: { from: string; to: string; professionalId?: string; includeCancelled: 'true' | 'false' },
): Promise<{ items: Appointment[] }> {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (!(to > from) || to.getTime() - from.getTime() > AGENDA_RANGE_MAX_DAYS * 86_400_000) {
    throw new AppError(
      'validation-failed',
      `to must be after from, at most ${AGENDA_RANGE_MAX_DAYS} days later`,
    );
  }
  const rows = await deps.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, ctx.organizationId),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
        query.professionalId ? eq(appointments.professionalId, query.professionalId) : undefined,
        query.includeCancelled === 'true' ? undefined : ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return { items: rows.map(presentAppointment) };
}
