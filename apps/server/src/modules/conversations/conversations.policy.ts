import { AppError } from '@accueil/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';

/**
 * The tenant and team predicate of every conversation query (DESIGN.md "Tenancy"): the
 * request's organisation first, then its current team's inbox. A user without a current team
 * sees no conversation at all.
 */
export function conversationScope(ctx: RequestContext): SQL {
  if (!ctx.teamId) return sql`false`;
  return and(eq(conversations.organizationId, ctx.organizationId), eq(conversations.teamId, ctx.teamId)) as SQL;
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
 * @throws AppError 'forbidden' when the user belongs to no team.
 */
export function requireTeam(ctx: RequestContext): string {
  if (!ctx.teamId) throw new AppError('forbidden', 'You belong to no team');
  return ctx.teamId;
}
