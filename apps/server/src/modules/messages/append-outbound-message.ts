import {
  addressNotPhone,
  AppError,
  isAnonymousNumber,
  isEmergencyNumber,
  normalizeOutboundPhone,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { RequestContext } from '../../http/request-context';
import { claimConversationSeq, setLastMessage } from '../conversations/index';
import { getOrganizationCountry } from '../organizations/index';
import { fillMessageTokens, type OutboundText } from './fill-message-tokens';
import type { MessageRow } from './messages.presenter';
import { refuseIfRepliedMeanwhile } from './replied-meanwhile';
import { getAuthor, getTeamPhoneNumber } from './sender-lookups';

/**
 * The conversation, the text (typed, or a quick message's id), optionally the number the
 * sender believes it goes to, and `automatic` for an automatic reply (signed `automatic`, no user).
 */
export type AppendOutboundMessageOptions = {
  conversationId: string;
  to?: string;
  automatic?: boolean;
  /**
   * The last seq the writer had seen: refused when another user replied above it
   * (`refuseIfRepliedMeanwhile`). Absent: no check (an automatic reply, a send anyway).
   */
  seenSeq?: number;
} & OutboundText;

/**
 * In the caller's transaction: takes the conversation's next seq (`claimConversationSeq`:
 * row lock, reactivated when archived) and inserts the outbound message in state `sending`,
 * from the team's number, signed by the user, its tokens filled for the conversation's contact
 * (`fillMessageTokens`); points the conversation at it.
 * @throws AppError 'not-found' (outside the scope, or a quick message not the organisation's),
 *   'address-not-phone' (422: an e-mail conversation; texts go to phones only),
 *   'message-not-sendable' (anonymous or emergency number, team without number),
 *   'validation-failed' (`to` is another number), 'token-value-missing', 'contact-in-flow'
 *   (409: the contact answers a follow-up; `details.until`), 'replied-meanwhile' (409, with `seenSeq`).
 */
export async function appendOutboundMessage(
  tx: Tx,
  deps: AppDeps,
  ctx: RequestContext,
  options: AppendOutboundMessageOptions,
): Promise<MessageRow> {
  const conv = await claimConversationSeq(tx, ctx, options.conversationId);
  if (conv.channel !== 'phone') throw addressNotPhone();
  if (isAnonymousNumber(conv.address) || isEmergencyNumber(conv.address)) {
    throw new AppError('message-not-sendable', 'This number cannot receive text messages');
  }
  if (conv.flowLockedUntil && conv.flowLockedUntil.getTime() > Date.now()) {
    throw new AppError(
      'contact-in-flow',
      'The contact is answering a survey or flow: sending is blocked until it ends (one hour at most)',
      {
        until: conv.flowLockedUntil.toISOString(),
      },
    );
  }
  // Under the row lock: a reply another user is committing now is seen once it has.
  if (options.seenSeq !== undefined) await refuseIfRepliedMeanwhile(tx, ctx, conv.id, options.seenSeq);
  if (options.to !== undefined && !(await isSameNumber(deps, tx, ctx, options.to, conv.address))) {
    throw new AppError('validation-failed', "'to' is not this conversation's number", { field: 'to' });
  }
  const from = await getTeamPhoneNumber(deps, tx, ctx.organizationId, conv.teamId);
  if (!from) throw new AppError('message-not-sendable', 'The team has no phone number to text from');
  const body = await fillMessageTokens(deps, tx, {
    organizationId: ctx.organizationId,
    contactId: conv.contactId,
    text: options,
  });
  const { author, authorName } = options.automatic
    ? { author: 'automatic', authorName: null }
    : await getAuthor(deps, tx, ctx.userId);
  const [message] = await tx
    .insert(messages)
    .values({
      organizationId: ctx.organizationId,
      conversationId: conv.id,
      seq: conv.lastSeq,
      channel: 'sms',
      author,
      authorName,
      authorUserId: options.automatic ? null : ctx.userId,
      automatic: options.automatic === true,
      from,
      to: conv.address,
      body,
      carrier: deps.messaging.name,
      status: 'sending',
      carrierCallPending: true,
      direction: 'outbound',
    })
    .returning();
  await setLastMessage(tx, conv.id, message!.id);
  return message!;
}

async function isSameNumber(
  deps: AppDeps,
  tx: Tx,
  ctx: RequestContext,
  to: string,
  number: string,
): Promise<boolean> {
  const stripped = to.replace(/\s+/g, '');
  if (stripped === number) return true;
  const country = (await getOrganizationCountry(deps, ctx.organizationId, tx)) as CountryCode;
  return normalizeOutboundPhone(stripped, country) === number;
}
