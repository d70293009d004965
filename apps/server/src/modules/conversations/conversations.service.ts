import {
  AppError,
  normalizeOutboundPhone,
  type Conversation,
  type ConversationPage,
  type CreateConversationRequest,
  type ListConversationsQuery,
  type LookupResponse,
  type UnreadCounts,
  type UpdateConversationRequest,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/index';
import type { RequestContext } from '../../http/request-context';
import { findContactByPhone, presentContact } from '../contacts/contacts.service';
import { announceConversation, announceMessageCreated, announceRemoved } from './conversation-events';
import { listConversationPage } from './conversation-list';
import { appendOutbound, deliverOutbound } from './conversation-outbound';
import { loadConversationView } from './conversation-views';
import { conversationById, conversationNotFound, conversationScope, requireTeam } from './conversations.policy';
import { presentMessage } from './conversations.presenter';
import { getOrganizationCountry } from './tenant-lookups';

export { recordInboundText } from './conversation-inbound';
export { applyCarrierStatus } from './conversation-status';
export { purgeExpiredIdempotencyKeys } from './conversation-idempotency';
export { listMessages, sendMessage, sendMessageOnce } from './conversation-messages';

/** GET /api/conversations (see `listConversationPage`). One read transaction. */
export async function listConversations(deps: AppDeps, ctx: RequestContext, query: ListConversationsQuery): Promise<ConversationPage> {
  return deps.db.transaction((tx) => listConversationPage(tx, ctx, query));
}

/** GET /api/conversations/unread-counts: conversations with `hasNotification`, per status. */
export async function getUnreadCounts(deps: AppDeps, ctx: RequestContext): Promise<UnreadCounts> {
  const rows = await deps.db
    .select({ status: conversations.status, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(conversationScope(ctx), sql`(${conversations.attributes}->>'hasNotification')::boolean`))
    .groupBy(conversations.status);
  const count = (s: string) => rows.find((r) => r.status === s)?.count ?? 0;
  return { active: count('active'), inactive: count('inactive') };
}

/**
 * GET /api/conversations/lookup?phone=: the number normalised in the organisation's country
 * (null when invalid), the current team's conversation with it and the organisation's contact.
 */
export async function lookupConversation(deps: AppDeps, ctx: RequestContext, phone: string): Promise<LookupResponse> {
  return deps.db.transaction(async (tx) => {
    const country = (await getOrganizationCountry(deps, tx, ctx.organizationId)) as CountryCode;
    const e164 = normalizeOutboundPhone(phone, country);
    if (!e164) return { phone: null, conversation: null, contact: null };
    const conversation = await loadConversationView(tx, and(conversationScope(ctx), eq(conversations.friendlyName, e164))!);
    const contact = await findContactByPhone(tx, ctx.organizationId, e164);
    return { phone: e164, conversation, contact: contact ? presentContact(contact) : null };
  });
}

/**
 * §7 POST /api/conversations: starts a conversation of the current team with `to` (whitespace
 * stripped, read in the organisation's country), linked to the contact with that number, and
 * sends `body` as its first message when given.
 * @throws AppError 'phone-invalid'; 'conversation-exists' / 'conversation-archived' (409,
 *   `details.conversationId`); 'forbidden' without a team; those of `sendMessage`.
 */
export async function createConversation(deps: AppDeps, ctx: RequestContext, input: CreateConversationRequest): Promise<Conversation> {
  const teamId = requireTeam(ctx);
  const created = await deps.db.transaction(async (tx) => {
    const country = (await getOrganizationCountry(deps, tx, ctx.organizationId)) as CountryCode;
    const e164 = normalizeOutboundPhone(input.to, country);
    if (!e164) throw new AppError('phone-invalid', `Invalid phone number: ${input.to}`);
    const contact = await findContactByPhone(tx, ctx.organizationId, e164);
    const [row] = await tx
      .insert(conversations)
      .values({
        sid: `CH${crypto.randomUUID().replace(/-/g, '')}`,
        organizationId: ctx.organizationId,
        teamId,
        contactId: contact?.id ?? null,
        friendlyName: e164,
        attributes: { ...input.attributes, hasNotification: false },
      })
      .onConflictDoNothing({ target: [conversations.teamId, conversations.friendlyName] })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: conversations.id, status: conversations.status })
        .from(conversations)
        .where(and(conversationScope(ctx), eq(conversations.friendlyName, e164)));
      if (existing?.status === 'inactive') {
        throw new AppError('conversation-archived', 'An archived conversation exists with this number', { conversationId: existing.id });
      }
      throw new AppError('conversation-exists', 'A conversation exists with this number', { conversationId: existing?.id });
    }
    const message = input.body?.trim() ? await appendOutbound(tx, deps, ctx, row.id, input.body.trim()) : null;
    return { message, view: (await loadConversationView(tx, eq(conversations.id, row.id)))! };
  });
  if (created.message) announceMessageCreated(deps, presentMessage(created.message), created.view);
  else announceConversation(deps, created.view);
  if (!created.message) return created.view;
  await deliverOutbound(deps, created.message, teamId);
  return (await getConversation(deps, ctx, created.view.id));
}

/** GET /api/conversations/:id. @throws AppError 'not-found' (also another org's or team's id). */
export async function getConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<Conversation> {
  const view = await loadConversationView(deps.db, conversationById(ctx, id));
  if (!view) throw conversationNotFound();
  return view;
}

/**
 * §7 PUT /api/conversations/:id: `status` (archive, unarchive) and/or `attributes` (merged:
 * pin, read/unread). Any change bumps `version`; only a status change moves `updatedAt` (the
 * lists' "latest update"), so reading or pinning does not reorder the list.
 * @throws AppError 'not-found'.
 */
export async function updateConversation(deps: AppDeps, ctx: RequestContext, id: string, input: UpdateConversationRequest): Promise<Conversation> {
  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    if (!current) throw conversationNotFound();
    const attributes = { ...current.attributes, ...input.attributes };
    const statusChanged = input.status !== undefined && input.status !== current.status;
    const attributesChanged = JSON.stringify(attributes) !== JSON.stringify(current.attributes);
    if (!statusChanged && !attributesChanged) return { changed: false, view: (await loadConversationView(tx, eq(conversations.id, id)))! };
    await tx
      .update(conversations)
      .set({
        attributes,
        ...(statusChanged ? { status: input.status, updatedAt: new Date() } : {}),
        version: sql`${conversations.version} + 1`,
      })
      .where(eq(conversations.id, id));
    return { changed: true, view: (await loadConversationView(tx, eq(conversations.id, id)))! };
  });
  if (result.changed) announceConversation(deps, result.view);
  return result.view;
}

/** DELETE /api/conversations/:id: removes it and its messages; announces `conversation:removed`. */
export async function deleteConversation(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(conversations)
      .where(conversationById(ctx, id))
      .returning({ id: conversations.id, teamId: conversations.teamId, version: conversations.version });
    if (!row) throw conversationNotFound();
    return row;
  });
  announceRemoved(deps, { id: removed.id, userGroupId: removed.teamId, version: removed.version + 1 });
}
