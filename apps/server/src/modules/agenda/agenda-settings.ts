import { defaultWeek, type AgendaSettings } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSchedule } from '../organizations/index';

/**
 * GET /api/agenda/settings: the organisation's time zone (every wall-clock time of the agenda
 * is read in it) and its opening hours (availability ranges must fit them): the week of the
 * organisation's schedule (docs/behaviour/schedules.md; the default 09:00–17:00 Monday to Friday
 * until the organisation saves its own). Breaks are part of it: a range may not cover one.
 */
export async function getAgendaSettings(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId'>,
  tx: DbOrTx = deps.db,
): Promise<AgendaSettings> {
  const organization = await getOrganizationSchedule(deps, ctx.organizationId, tx);
  return {
    timeZone: organization?.timeZone ?? 'America/Toronto',
    openingHours: organization?.schedule.week ?? defaultWeek(),
  };
}
