import { AppError, type RepliedMeanwhileDetails } from '@accueil/domain';
import { and, desc, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { RequestContext } from '../../http/request-context';

/**
 * The replied-meanwhile check (docs/behaviour/notes-and-presence.md, "Replied meanwhile"): when
 * another user sent an outbound message (a text or an e-mail reply; never a note, an inbound
 * message or an automatic reply) in the conversation with a `seq` above `seenSeq` — the last seq
 * the writer had seen when they began — the send is refused. The newest such reply is named.
 * Call it after taking the conversation's row lock where there is one (a text's send), so a reply
 * committed meanwhile is seen.
 * @throws AppError 'replied-meanwhile' (409; `details`: {@link RepliedMeanwhileDetails}).
 */
export async function refuseIfRepliedMeanwhile(
  db: DbOrTx,
  ctx: RequestContext,
  conversationId: string,
  seenSeq: number,
): Promise<void> {
  const [reply] = await db
    .select({
      userId: messages.authorUserId,
      name: messages.authorName,
      createdAt: messages.createdAt,
      seq: messages.seq,
    })
    .from(messages)
    .where(
      and(
        eq(messages.organizationId, ctx.organizationId),
        eq(messages.conversationId, conversationId),
        eq(messages.direction, 'outbound'),
        gt(messages.seq, seenSeq),
        isNotNull(messages.authorUserId),
        ne(messages.authorUserId, ctx.userId),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!reply?.userId) return;
  const details: RepliedMeanwhileDetails = {
    by: { id: reply.userId, name: reply.name ?? '' },
    at: reply.createdAt.toISOString(),
    seq: reply.seq,
  };
  throw new AppError('replied-meanwhile', 'Someone else replied in this conversation meanwhile', details);
}
