import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { professionals } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import type { ProfessionalRow } from './agenda.presenter';
import { agendaNotFound } from './agenda.policy';

/**
 * The organisation's professional with that id (locked `for update` when `lock`: a change of
 * its categories or appointments waits for another on the same professional).
 * @throws AppError 'not-found' when missing or of another organisation.
 */
export async function requireProfessional(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  id: string,
  lock = false,
): Promise<ProfessionalRow> {
  const query = db
    .select()
    .from(professionals)
    .where(and(eq(professionals.organizationId, ctx.organizationId), eq(professionals.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw agendaNotFound('Professional');
  return row;
}
