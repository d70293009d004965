import type { Appointment } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { presentAppointment } from './agenda.presenter';
import { requireAppointment } from './require-appointment';

/**
 * GET /api/appointments/:id.
 * @throws AppError 'not-found' (missing or another organisation's).
 */
export async function getAppointment(deps: AppDeps, ctx: RequestContext, id: string): Promise<Appointment> {
  return presentAppointment(await requireAppointment(deps.db, ctx, id));
}
