import type { ContactDetails } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { loadContactDetails } from './load-contact';

/**
 * GET /api/contacts/:id: one contact with the contacts linked to it.
 * @throws AppError 'not-found' (missing or another organisation's), 'forbidden'.
 */
export async function getContactDetails(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<ContactDetails> {
  authorizeContacts(ctx);
  return loadContactDetails(deps.db, ctx.organizationId, id);
}
