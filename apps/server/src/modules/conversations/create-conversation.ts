import {
  AppError,
  normalizeOutboundPhone,
  type Conversation,
  type CreateConversationRequest,
  type ErrorCode,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { findContactByPhone } from '../contacts/index';
import {
  announceMessageCreated,
  appendOutboundMessage,
  deliverOutboundMessage,
  presentMessage,
} from '../messages/index';
import { getOrganizationCountry } from '../organizations/index';
import { announceConversation } from './conversation-events';
import { newConversationSid } from './conversation-sid';
import { CONVERSATION_IDENTITY, withAddress } from './conversation-identity';
import { loadConversationView } from './conversation-views';
import { conversationScope, requireTeam } from './conversations.policy';
import { getConversation } from './get-conversation';

/**
 * The error answers `createConversation` gives besides validation and access: the OpenAPI
 * description of every route that runs it (POST /api/conversations, France's POST
 * /api/messaging/v1/threads) lists these.
 */
export const CREATE_CONVERSATION_ERRORS = [
  'not-found',
  'conversation-exists',
  'conversation-archived',
  'message-not-sendable',
  'token-value-missing',
] as const satisfies readonly ErrorCode[];

/**
 * POST /api/conversations: starts a conversation of the current team with `to` (whitespace
 * stripped, read in the organisation's country), linked to the contact with that number, and
 * sends `body` as its first message when given (as `sendMessage` does: stored, announced with
 * the conversation, handed to the carrier; the answer is the conversation as it then stands).
 * @throws AppError 'phone-invalid'; 'conversation-exists' / 'conversation-archived' (409,
 *   `details.conversationId`); 'forbidden' without a team; those of `sendMessage`.
 */
export async function createConversation(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateConversationRequest,
): Promise<Conversation> {
  const teamId = requireTeam(ctx);
  const created = await deps.db.transaction(async (tx) => {
    const country = (await getOrganizationCountry(deps, ctx.organizationId, tx)) as CountryCode;
    const e164 = normalizeOutboundPhone(input.to, country);
    if (!e164) throw new AppError('phone-invalid', `Invalid phone number: ${input.to}`);
    const contact = await findContactByPhone(tx, ctx.organizationId, e164);
    const [row] = await tx
      .insert(conversations)
      .values({
        sid: newConversationSid(),
        organizationId: ctx.organizationId,
        teamId,
        contactId: contact?.id ?? null,
        address: e164,
        attributes: { ...input.attributes, hasNotification: false },
      })
      .onConflictDoNothing({
        target: CONVERSATION_IDENTITY,
        where: isNull(conversations.deletedAt),
      })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: conversations.id, status: conversations.status })
        .from(conversations)
        .where(and(conversationScope(ctx), withAddress(e164)));
      if (existing?.status === 'inactive') {
        throw new AppError('conversation-archived', 'An archived conversation exists with this number', {
          conversationId: existing.id,
        });
      }
      throw new AppError('conversation-exists', 'A conversation exists with this number', {
        conversationId: existing?.id,
      });
    }
    const body = input.body?.trim();
    const message = body
      ? await appendOutboundMessage(tx, deps, ctx, { conversationId: row.id, body })
      : null;
    return { message, view: (await loadConversationView(tx, eq(conversations.id, row.id)))! };
  });
  if (!created.message) {
    announceConversation(deps, created.view);
    return created.view;
  }
  announceMessageCreated(deps, presentMessage(created.message), created.view);
  await deliverOutboundMessage(deps, created.message, teamId);
  return getConversation(deps, ctx, created.view.id);
}
