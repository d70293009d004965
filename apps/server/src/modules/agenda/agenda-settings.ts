import { defaultWeek, type AgendaSettings } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../http/request-context';
import { getOrganization } from '../organizations/index';

/**
 * GET /api/agenda/settings: the organisation's time zone (every wall-clock time of the agenda
 * is read in it) and its opening hours (availability ranges must fit them). Organisations
 * keep no hours of their own yet: every one opens at the default hours, 09:00-17:00, Monday to
 * Friday (`defaultWeek`).
 */
export async function getAgendaSettings(deps: Pick<AppDeps, 'db'>, ctx: Pick<RequestContext, 'organizationId'>, tx: DbOrTx = deps.db): Promise<AgendaSettings> {
  const organization = await getOrganization(deps, ctx.organizationId, tx);
  return { timeZone: organization?.timeZone ?? 'America/Toronto', openingHours: defaultWeek() };
}
