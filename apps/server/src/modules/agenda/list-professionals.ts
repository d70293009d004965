import type { Professional } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { professionals } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentProfessional } from './agenda.presenter';

/** GET /api/professionals: the organisation's professionals, by last then first name. */
export async function listProfessionals(
  deps: AppDeps,
  ctx: RequestContext,
): Promise<{ items: Professional[] }> {
  const rows = await deps.db
    .select()
    .from(professionals)
    .where(eq(professionals.organizationId, ctx.organizationId))
    .orderBy(asc(professionals.lastName), asc(professionals.firstName), asc(professionals.id));
  return { items: rows.map(presentProfessional) };
}
