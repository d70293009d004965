import { freeAvailabilities, instantOf } from '@accueil/domain';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appointments } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { getAgendaSettings } from './agenda-settings';
import { requireCategoryOf } from './require-category';
import { requireProfessional } from './require-professional';

/**
 * GET /api/professionals/:id/free-availabilities: the free start times of one of the
 * professional's categories on `date` (organisation's wall clock), each `durationMinutes`
 * long, clear of the professional's other appointments (`excludeAppointmentId`: the one being
 * moved).
 * @throws AppError 'not-found' (professional, or a category not theirs).
 */
export async function listFreeAvailabilities(
  deps: AppDeps,
  ctx: RequestContext,
  professionalId: string,
  query: { categoryId: string; date: string; durationMinutes: number; excludeAppointmentId?: string },
): Promise<{ startsAt: string[] }> {
  const professional = await requireProfessional(deps.db, ctx, professionalId);
  const category = await requireCategoryOf(deps.db, ctx, professional.id, query.categoryId);
  const { timeZone } = await getAgendaSettings(deps, ctx);
  const dayStart = instantOf(query.date, 0, timeZone);
  const dayEnd = new Date(dayStart.getTime() + 36 * 3_600_000);
  const taken = await deps.db
    .select({ startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.organizationId, ctx.organizationId),
        eq(appointments.professionalId, professional.id),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startsAt, dayEnd),
        gt(appointments.endsAt, dayStart),
        query.excludeAppointmentId ? ne(appointments.id, query.excludeAppointmentId) : undefined,
      ),
    );
  return {
    startsAt: freeAvailabilities({
      date: query.date,
      ranges: category.ranges,
      timeZone,
      durationMinutes: query.durationMinutes,
      taken,
    }),
  };
}
