import { AppError, type Message } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { messages } from '../../db/schema/messages';
import { noteMentions } from '../../db/schema/note-mentions';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { claimConversationSeq, loadConversationViewById } from '../conversations/index';
import { listMemberships } from '../teams/index';
import { getUserNames } from '../users/index';
import { announceMessageCreated } from './message-events';
import { presentMessage } from './messages.presenter';
import { getAuthor } from './sender-lookups';

/** The conversation, the note's text (trimmed by its schema) and the ids of the users it mentions. */
export type CreateNoteOptions = { conversationId: string; body: string; mentions?: readonly string[] };

/**
 * POST /api/conversations/:id/notes (docs/behaviour/notes-and-presence.md): a member of the
 * conversation's team writes an internal note. In one transaction: the conversation's next seq
 * (`claimConversationSeq` for a note: no reactivation, no reordering), the note as a message with `direction`
 * `note` — carrier `none`, status `delivered`, never pending a carrier call (the table's
 * `messages_note_no_carrier_ck` refuses anything else, so no sending path can pick it up) —
 * signed by the user, its mentions named, one `note_mentions` row per mentioned user other than
 * the author, and `note.created`. After the commit, `message:created` to the team (the same
 * versioning and catch-up as a text); the event's subscriber notifies the mentioned users.
 * @throws AppError 'not-found' (another organisation's or team's conversation);
 *   'mention-not-in-team' (422: a mentioned id is not a member of the conversation's team, whatever
 *   their organisation; `details.userId`); nothing is written then.
 */
export async function createNote(
  deps: AppDeps,
  ctx: RequestContext,
  options: CreateNoteOptions,
): Promise<Message> {
  const mentionIds = [...new Set(options.mentions ?? [])];
  const { row, view } = await transactionWithEvents(deps, async (tx) => {
    const conv = await claimConversationSeq(tx, ctx, options.conversationId, 'note');
    const members = new Set(
      (await listMemberships(deps, { organizationId: ctx.organizationId, teamIds: [conv.teamId] }, tx)).map(
        (m) => m.userId,
      ),
    );
    const outsider = mentionIds.find((id) => !members.has(id));
    if (outsider)
      throw new AppError(
        'mention-not-in-team',
        "A mentioned user is not a member of the conversation's team",
        {
          userId: outsider,
        },
      );
    const names = await getUserNames(deps, ctx.organizationId, mentionIds, tx);
    const { author, authorName } = await getAuthor(deps, tx, ctx.userId);
    const [inserted] = await tx
      .insert(messages)
      .values({
        organizationId: ctx.organizationId,
        conversationId: conv.id,
        seq: conv.lastSeq,
        // The channel of the conversation it belongs to: the timeline and its filters stay per channel.
        channel: conv.channel === 'email' ? 'email' : 'sms',
        author,
        authorName,
        authorUserId: ctx.userId,
        from: '',
        to: '',
        body: options.body,
        carrier: 'none',
        status: 'delivered',
        direction: 'note',
        mentions: mentionIds.map((id) => ({ id, name: names.get(id) ?? '' })),
      })
      .returning();
    const notified = mentionIds.filter((id) => id !== ctx.userId);
    if (notified.length > 0)
      await tx.insert(noteMentions).values(
        notified.map((userId) => ({
          organizationId: ctx.organizationId,
          messageId: inserted!.id,
          conversationId: conv.id,
          teamId: conv.teamId,
          userId,
        })),
      );
    await recordEvent(tx, {
      name: 'note.created',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { conversationId: conv.id, teamId: conv.teamId, messageId: inserted!.id, mentions: notified },
    });
    return { row: inserted!, view: (await loadConversationViewById(tx, conv.id))! };
  });
  const message = presentMessage(row);
  announceMessageCreated(deps, message, view);
  return message;
}
