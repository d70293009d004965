import type { Mentionable } from '@accueil/domain';
import { and, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { noteMentions } from '../../db/schema/note-mentions';
import type { RequestContext } from '../../http/request-context';
import { requireConversation } from '../conversations/index';
import { listMemberships } from '../teams/index';
import { getUserNames } from '../users/index';

/**
 * The instant of the newest mention of `userId` in the conversation `conversationId` (a column
 * of the caller's query), as SQL; null when none. The conversations module orders and filters
 * its Mentions view by it (docs/behaviour/notes-and-presence.md), read from
 * `note_mentions_user_idx`.
 */
export function newestMentionAt(organizationId: string, userId: string, conversationId: AnyColumn): SQL {
  return sql`(select max(nm.created_at) from note_mentions nm where nm.organization_id = ${organizationId} and nm.user_id = ${userId} and nm.conversation_id = ${conversationId})`;
}

/**
 * The conversations of team `teamId` where an internal note mentions `userId`, as an SQL set of
 * ids read from `note_mentions_user_idx`: the Mentions view's filter.
 */
export function mentionedConversationIds(input: {
  organizationId: string;
  teamId: string;
  userId: string;
}): SQL {
  return sql`(select nm.conversation_id from note_mentions nm where nm.organization_id = ${input.organizationId} and nm.user_id = ${input.userId} and nm.team_id = ${input.teamId})`;
}

/**
 * The number of conversations of team `teamId` where `userId` has an unread mention: the
 * Mentions count of the view counts (docs/behaviour/notes-and-presence.md).
 */
export async function countUnreadMentions(
  db: DbOrTx,
  input: { organizationId: string; teamId: string; userId: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${noteMentions.conversationId})::int` })
    .from(noteMentions)
    .where(
      and(
        eq(noteMentions.organizationId, input.organizationId),
        eq(noteMentions.userId, input.userId),
        eq(noteMentions.teamId, input.teamId),
        isNull(noteMentions.readAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * POST /api/conversations/:id/mentions/read: the signed-in user's mentions in the conversation
 * become read (their Mentions count drops it). Answers their unread mentions left in the
 * conversation's team.
 * @throws AppError 'not-found' (another organisation's or team's conversation).
 */
export async function readMentions(
  deps: AppDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<{ mentions: number }> {
  return deps.db.transaction(async (tx) => {
    const { teamId } = await requireConversation(tx, ctx, conversationId);
    await tx
      .update(noteMentions)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(noteMentions.organizationId, ctx.organizationId),
          eq(noteMentions.userId, ctx.userId),
          eq(noteMentions.conversationId, conversationId),
          isNull(noteMentions.readAt),
        ),
      );
    return {
      mentions: await countUnreadMentions(tx, {
        organizationId: ctx.organizationId,
        teamId,
        userId: ctx.userId,
      }),
    };
  });
}

/**
 * GET /api/conversations/:id/mentionable: the members of the conversation's team, who a note
 * in it can mention, by display name.
 * @throws AppError 'not-found' (another organisation's or team's conversation).
 */
export async function listMentionable(
  deps: AppDeps,
  ctx: RequestContext,
  conversationId: string,
): Promise<Mentionable> {
  const { teamId } = await requireConversation(deps.db, ctx, conversationId);
  const members = await listMemberships(deps, { organizationId: ctx.organizationId, teamIds: [teamId] });
  const names = await getUserNames(
    deps,
    ctx.organizationId,
    members.map((m) => m.userId),
  );
  return [...names]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
