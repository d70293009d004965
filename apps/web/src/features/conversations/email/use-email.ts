import type { ConnectMailboxRequest, EmailProvider } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  connectMailbox,
  disconnectMailbox,
  emailKeys,
  fetchConversationEmails,
  fetchMailbox,
  sendEmailReply,
} from './api';

export { emailKeys };

/**
 * The e-mail details of a conversation's messages. `messageCount` is how many messages the
 * conversation's list holds and `failedCount` how many of them failed: when a mail arrives
 * (realtime), a reply is stored or a bounce marks a reply failed, they change and the details
 * (a bounce's reason) are read again.
 */
export function useConversationEmails(conversationId: string, messageCount: number, failedCount = 0) {
  return useQuery({
    queryKey: [...emailKeys.conversation(conversationId), messageCount, failedCount],
    queryFn: ({ signal }) => fetchConversationEmails(conversationId, signal),
    placeholderData: (previous) => previous,
  });
}

/**
 * Sends a reply; the conversation's e-mails are read again, a refusal is a toast — except
 * 409 `replied-meanwhile`, which the composer shows as its warning (the draft kept).
 */
export function useSendEmailReply(conversationId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      provider: EmailProvider;
      inboxEmail: string;
      subject: string;
      body: string;
      attachments: File[];
      seenSeq?: number | undefined;
      sendAnyway?: boolean | undefined;
    }) => sendEmailReply({ ...input, conversationId }),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'email.reply.sent' }));
      await client.invalidateQueries({ queryKey: emailKeys.conversation(conversationId) });
      await client.invalidateQueries({ queryKey: ['conversations'] });
    },
    onError: (error) => {
      if (!isRepliedMeanwhile(error)) notifyError(error);
    },
  });
}

/** True for the 409 `replied-meanwhile` refusal: another user replied since the draft began. */
export const isRepliedMeanwhile = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'replied-meanwhile';

/** The team's mailbox (administrators). */
export function useMailbox(teamId: string) {
  return useQuery({
    queryKey: emailKeys.mailbox(teamId),
    queryFn: ({ signal }) => fetchMailbox(teamId, signal),
  });
}

/**
 * Connecting and disconnecting the team's mailbox: the answer replaces the cached one;
 * announced. A refused disconnect is a toast; a refused connect is the mailbox dialog's to show.
 */
export function useMailboxMutations(teamId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  const connect = useMutation({
    mutationFn: (body: ConnectMailboxRequest) => connectMailbox(teamId, body),
    onSuccess: (mailbox) => {
      client.setQueryData(emailKeys.mailbox(teamId), mailbox);
      notifySuccess(intl.formatMessage({ id: 'email.mailbox.connected' }));
    },
    // No toast on failure: the mailbox dialog shows the refusal in its form, in its own words
    // (a toast said 'The e-mail could not be sent' beside it for a server that did not answer).
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectMailbox(teamId),
    onSuccess: (mailbox) => {
      client.setQueryData(emailKeys.mailbox(teamId), mailbox);
      notifySuccess(intl.formatMessage({ id: 'email.mailbox.disconnected' }));
    },
    onError: (error) => notifyError(error),
  });
  return { connect, disconnect };
}
