import type { PatientSurveys } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { requireContactRow } from './load-contact';

/**
 * GET /api/patients/:id/surveys: the surveys of a contact. The product sends no survey yet, so
 * a contact has none: the list is empty, for a contact of the organisation.
 * @throws AppError 'not-found' (missing or another organisation's contact), 'forbidden'.
 */
export async function listPatientSurveys(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<PatientSurveys> {
  authorizeContacts(ctx);
  await requireContactRow(deps.db, ctx.organizationId, id);
  return { items: [] };
}
