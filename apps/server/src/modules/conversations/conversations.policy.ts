import { AppError, can, type Action } from '@accueil/domain';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The tenant and team predicate of every conversation query (docs/behaviour/tenancy-and-roles.md): the
 * request's organisation first, then its current team's inbox, without deleted conversations
 * (they answer 404 like a missing one until restored). A user without a current team sees no
 * conversation at all.
 */
export function conversationScope(ctx: RequestContext): SQL {
  // Stryker disable next-line ConditionalExpression: without the shortcut the predicate `team_id = NULL` matches no row either (team_id is NOT NULL).
  if (!ctx.teamId) return sql`false`;
  return and(
    eq(conversations.organizationId, ctx.organizationId),
    eq(conversations.teamId, ctx.teamId),
    isNull(conversations.deletedAt),
  ) as SQL;
}

/** The scope plus one conversation id: another organisation's or team's id matches nothing. */
export function conversationById(ctx: RequestContext, id: string): SQL {
  return and(conversationScope(ctx), eq(conversations.id, id)) as SQL;
}

/** The answer for an id outside the scope, or that does not exist: the same 404 either way. */
export function conversationNotFound(): AppError {
  return new AppError('not-found', 'Conversation not found');
}

/**
 * The current team, required to start a conversation (the conversation belongs to it).
 * @throws AppError 'forbidden' when the user belongs to no team or the rules refuse it.
 */
export function requireTeam(ctx: RequestContext): string {
  if (!ctx.teamId) {
    throw new AppError('forbidden', 'You belong to no team');
  }
  // The rule admits the actor's current team of their own organisation, which is the subject: this
  // never refuses today; it is kept so that a narrower rule would be enforced here.
  // Stryker disable next-line ConditionalExpression,BlockStatement: never true (see above).
  if (!can(actorOf(ctx), 'conversation.create', { id: ctx.teamId, organizationId: ctx.organizationId })) {
    // Stryker disable next-line StringLiteral,CallExpression: unreachable (see above).
    throw new AppError('forbidden', 'Your role does not allow starting a conversation');
  }
  return ctx.teamId;
}

/** The actions on one conversation the rules judge (`packages/domain/src/abilities`). */
export type ConversationAction = Extract<
  Action,
  | 'conversation.read'
  | 'conversation.update'
  | 'conversation.archive'
  | 'conversation.assign'
  | 'conversation.delete'
  | 'message.send'
  | 'note.create'
>;

/**
 * The policy of a conversation read for `action`: lets the use case go on, or throws. A missing
 * row and another organisation's row answer the same 404 (their existence is not disclosed);
 * a row of the user's organisation that the rules refuse answers 403 `forbidden`.
 */
export function authorizeConversation(
  ctx: RequestContext,
  action: ConversationAction,
  row: { organizationId: string; teamId: string } | null | undefined,
): asserts row is { organizationId: string; teamId: string } {
  if (!row || row.organizationId !== ctx.organizationId) throw conversationNotFound();
  if (!can(actorOf(ctx), action, { organizationId: row.organizationId, userGroupId: row.teamId })) {
    throw new AppError('forbidden', 'Your role does not allow this on this conversation');
  }
}
