import { emailProviderSchema, type ConversationEmails } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { emailMessages } from '../../db/schema/email';
import type { RequestContext } from '../../http/request-context';
import { getConversationAddress } from '../conversations/index';
import { presentEmailDetails } from './email.presenter';
import { findTeamMailbox } from './mailboxes';
import { userEmailSignature } from './user-email-signature';

/**
 * `GET /api/conversations/:id/emails`: the e-mail details of the conversation's messages, oldest
 * first (the conversation's messages come from the messages list; these complete those of type
 * `email`), the team's mailbox a reply goes from, and the signature the user's reply will end with. @throws AppError 'not-found' (another organisation's or team's conversation), 'forbidden'.
 */
export async function listConversationEmails(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  conversationId: string,
): Promise<ConversationEmails> {
  const conversation = await getConversationAddress(deps.db, ctx, conversationId);
  const rows = await deps.db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.conversationId, conversation.id))
    .orderBy(asc(emailMessages.createdAt));
  const mailbox = await findTeamMailbox(deps.db, ctx.organizationId, conversation.teamId);
  const provider = emailProviderSchema.safeParse(mailbox?.vendor);
  return {
    items: rows.map(presentEmailDetails),
    mailbox:
      mailbox && provider.success
        ? { address: mailbox.address, provider: provider.data, valid: mailbox.valid }
        : null,
    signature: (await userEmailSignature(deps, ctx)).signature,
  };
}
