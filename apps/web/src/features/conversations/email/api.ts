import {
  emailEndpoints as endpoints,
  type ConnectMailboxRequest,
  type ConversationEmails,
  type EmailProvider,
  type Mailbox,
  type MailboxOAuthProvider,
  type MailboxStatus,
  type Message,
  type OAuthStartRequest,
  type OAuthTypeResponse,
} from '@accueil/domain';
import { apiRequest } from '../../../lib/api';
import { api } from '../../../lib/endpoint-client';

/** Query keys of the e-mail channel. */
export const emailKeys = {
  conversation: (conversationId: string) => ['email', 'conversation', conversationId] as const,
  mailbox: (teamId: string) => ['email', 'mailbox', teamId] as const,
  mailboxStatus: (teamId: string) => ['email', 'mailbox-status', teamId] as const,
};

/** GET /api/conversations/:id/emails: the e-mail details of the conversation's messages. */
export const fetchConversationEmails = (
  conversationId: string,
  signal?: AbortSignal,
): Promise<ConversationEmails> =>
  api.call(endpoints.conversationEmails, { params: { id: conversationId }, signal });

/**
 * POST /api/email-sync/:provider/send/:id: the reply as the spec's multipart form (`inboxEmail`,
 * `subject`, `body`, repeated `attachments`; the endpoint table types JSON bodies only), with
 * `seenSeq` (the conversation's seq when its writer began it) and `sendAnyway` for the
 * replied-meanwhile check (docs/behaviour/notes-and-presence.md, "Replied meanwhile").
 */
export function sendEmailReply(input: {
  provider: EmailProvider;
  conversationId: string;
  inboxEmail: string;
  subject: string;
  body: string;
  attachments: File[];
  seenSeq?: number | undefined;
  sendAnyway?: boolean | undefined;
}): Promise<Message> {
  const form = new FormData();
  form.append('inboxEmail', input.inboxEmail);
  form.append('subject', input.subject);
  form.append('body', input.body);
  if (input.seenSeq !== undefined) form.append('seenSeq', String(input.seenSeq));
  if (input.sendAnyway) form.append('sendAnyway', 'true');
  for (const file of input.attachments) form.append('attachments', file, file.name);
  return apiRequest<Message>(
    'POST',
    `email-sync/${encodeURIComponent(input.provider)}/send/${encodeURIComponent(input.conversationId)}`,
    { body: form },
  );
}

/** POST /api/email-sync/:provider/attachments/:id (body `inboxEmail`): the file, as a blob. */
export const fetchAttachment = (
  provider: EmailProvider,
  attachmentId: string,
  inboxEmail: string,
): Promise<Blob> =>
  apiRequest<Blob>(
    'POST',
    `email-sync/${encodeURIComponent(provider)}/attachments/${encodeURIComponent(attachmentId)}`,
    { body: { inboxEmail }, responseType: 'blob' },
  );

/** GET /api/teams/:id/mailbox. */
export const fetchMailbox = (teamId: string, signal?: AbortSignal): Promise<Mailbox> =>
  api.call(endpoints.getMailbox, { params: { id: teamId }, signal });
/** PUT /api/teams/:id/mailbox. */
export const connectMailbox = (teamId: string, body: ConnectMailboxRequest): Promise<Mailbox> =>
  api.call(endpoints.connectMailbox, { params: { id: teamId }, body });
/** DELETE /api/teams/:id/mailbox. */
export const disconnectMailbox = (teamId: string): Promise<Mailbox> =>
  api.call(endpoints.disconnectMailbox, { params: { id: teamId } });

/** GET /api/teams/:id/mailbox/status: whether the team's mailbox works (the team's members). */
export const fetchMailboxStatus = (teamId: string, signal?: AbortSignal): Promise<MailboxStatus> =>
  api.call(endpoints.mailboxStatus, { params: { id: teamId }, signal });

/** POST /api/oauth2/type: who hosts the team e-mail's mail (`gmail`, `outlook`, or null for IMAP). */
export const fetchOAuthType = (inboxEmail: string): Promise<OAuthTypeResponse> =>
  api.call(endpoints.oauthType, { body: { inboxEmail } });

/** An IMAP mailbox's servers and user name, as `POST /api/oauth2/imap` takes them besides the address. */
export type ImapServers = Omit<OAuthStartRequest, 'inboxEmail'>;

/**
 * POST /api/oauth2/:provider: the provider's authorisation page for the popup; for `imap` (XOAUTH2)
 * with the mailbox's servers and user name.
 */
export const startOAuth = (
  provider: MailboxOAuthProvider,
  inboxEmail: string,
  servers?: ImapServers,
): Promise<{ link: string }> =>
  api.call(endpoints.oauthStart, { params: { provider }, body: { inboxEmail, ...servers } });

/** POST /api/oauth2/:provider/logout: disconnects the team's mailbox of this OAuth provider, the grant revoked (204). */
export const logoutOAuth = (provider: MailboxOAuthProvider, inboxEmail: string): Promise<unknown> =>
  api.call(endpoints.oauthLogout, { params: { provider }, body: { inboxEmail } });
