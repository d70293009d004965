import type { AddressKind } from '@accueil/domain';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { authorizeConversation, conversationById, type ConversationAction } from './conversations.policy';

/**
 * Whom the conversation `id` talks to — its team, channel (kind of address), address and contact
 * — when it is in the request's scope and the rules let the user do `action` (an e-mail reply
 * needs the address before anything is stored).
 * @throws AppError 'not-found' (missing, another organisation's or team's), 'forbidden'.
 */
export async function getConversationAddress(
  db: DbOrTx,
  ctx: RequestContext,
  id: string,
  action: ConversationAction = 'conversation.read',
): Promise<{ id: string; teamId: string; channel: AddressKind; address: string; contactId: string | null }> {
  const [row] = await db
    .select({
      id: conversations.id,
      organizationId: conversations.organizationId,
      teamId: conversations.teamId,
      channel: conversations.channel,
      address: conversations.address,
      contactId: conversations.contactId,
    })
    .from(conversations)
    .where(conversationById(ctx, id));
  authorizeConversation(ctx, action, row);
  return {
    id: row.id,
    teamId: row.teamId,
    channel: row.channel,
    address: row.address,
    contactId: row.contactId,
  };
}
