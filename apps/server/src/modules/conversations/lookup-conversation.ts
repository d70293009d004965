import { normalizeOutboundPhone, type LookupResponse } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { and } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findContactByPhone, presentContact } from '../contacts/index';
import { getOrganizationCountry } from '../organizations/index';
import { withAddress } from './conversation-identity';
import { loadConversationView } from './conversation-views';
import { conversationScope } from './conversations.policy';

/**
 * GET /api/conversations/lookup?phone=: the number normalised in the organisation's country
 * (null when invalid), the current team's conversation with it and the organisation's contact.
 */
export async function lookupConversation(
  deps: AppDeps,
  ctx: RequestContext,
  phone: string,
): Promise<LookupResponse> {
  return deps.db.transaction(async (tx) => {
    const country = (await getOrganizationCountry(deps, ctx.organizationId, tx)) as CountryCode;
    const e164 = normalizeOutboundPhone(phone, country);
    if (!e164) return { phone: null, conversation: null, contact: null };
    const conversation = await loadConversationView(tx, and(conversationScope(ctx), withAddress(e164))!);
    const contact = await findContactByPhone(tx, ctx.organizationId, e164);
    return { phone: e164, conversation, contact: contact ? presentContact(contact) : null };
  });
}
