import { z } from 'zod';
import {
  attachmentRequestSchema,
  conversationEmailsSchema,
  connectMailboxRequestSchema,
  emailProviderSchema,
  mailboxSchema,
  ownSignatureSchema,
} from '../contracts/email';
import { userSignatureSchema } from '../contracts/users';
import {
  inboxEmailRequestSchema,
  oauthCallbackQuerySchema,
  mailboxOAuthProviderSchema,
  oauthLinkResponseSchema,
  oauthStartRequestSchema,
  oauthTypeResponseSchema,
} from '../contracts/email-oauth';
import { mailboxStatusSchema } from '../contracts/mailbox-status';
import { messageSchema } from '../entities/message';
import { endpoint } from './endpoint';

const id = z.object({ id: z.uuid() });
const providerAndId = z.object({ provider: emailProviderSchema, id: z.uuid() });
const oauthProvider = z.object({ provider: mailboxOAuthProviderSchema });

/**
 * The e-mail channel (docs/behaviour/email.md): a team's mailbox, its mails in the
 * conversations, replies and attachments. Imported by name: the inbox's first load does not
 * carry these schemas (the e-mail view is lazy).
 */
export const emailEndpoints = {
  ownSignature: endpoint({
    method: 'GET',
    path: '/api/users/me/signature',
    tags: ['email'],
    summary:
      'The signed-in user’s e-mail signature: its mode, the personalised text, and the text the clinic and user modes give',
    responses: { 200: ownSignatureSchema },
  }),
  setOwnSignature: endpoint({
    method: 'PUT',
    path: '/api/users/me/signature',
    tags: ['email'],
    summary: 'Sets the signed-in user’s e-mail signature (any role: each person signs their own replies)',
    body: userSignatureSchema,
    responses: { 200: ownSignatureSchema },
  }),
  getMailbox: endpoint({
    method: 'GET',
    path: '/api/teams/:id/mailbox',
    tags: ['email'],
    summary: 'The team’s mailbox: its address, servers, whether it is connected and valid (administrators)',
    params: id,
    responses: { 200: mailboxSchema },
  }),
  connectMailbox: endpoint({
    method: 'PUT',
    path: '/api/teams/:id/mailbox',
    tags: ['email'],
    summary: 'Connects the team’s mailbox after signing in to its servers (administrators)',
    params: id,
    body: connectMailboxRequestSchema,
    responses: { 200: mailboxSchema },
  }),
  disconnectMailbox: endpoint({
    method: 'DELETE',
    path: '/api/teams/:id/mailbox',
    tags: ['email'],
    summary:
      'Disconnects the team’s mailbox: no more sync; its mails stay in the conversations (administrators)',
    params: id,
    responses: { 200: mailboxSchema },
  }),
  mailboxStatus: endpoint({
    method: 'GET',
    path: '/api/teams/:id/mailbox/status',
    tags: ['email'],
    summary:
      'Whether the team’s mailbox is connected and valid (the team’s members and the organisation’s administrators)',
    params: id,
    responses: { 200: mailboxStatusSchema },
  }),
  conversationEmails: endpoint({
    method: 'GET',
    path: '/api/conversations/:id/emails',
    tags: ['email'],
    summary: 'The e-mail details of a conversation’s messages (subject, addresses, parts, attachments)',
    params: id,
    responses: { 200: conversationEmailsSchema },
  }),
  /** Multipart form: `inboxEmail`, `subject`, `body`, and repeated `attachments` files. */
  send: endpoint({
    method: 'POST',
    path: '/api/email-sync/:provider/send/:id',
    tags: ['email'],
    summary:
      'Replies in the conversation’s e-mail thread from the team’s mailbox (multipart; 409 `replied-meanwhile` when another user replied after `seenSeq`, unless `sendAnyway`)',
    params: providerAndId,
    responses: { 200: messageSchema },
  }),
  attachment: endpoint({
    method: 'POST',
    path: '/api/email-sync/:provider/attachments/:id',
    tags: ['email'],
    summary: 'A file a mail carried, as a download',
    params: providerAndId,
    body: attachmentRequestSchema,
    responses: { 200: z.string() },
  }),
  oauthType: endpoint({
    method: 'POST',
    path: '/api/oauth2/type',
    tags: ['email'],
    summary: 'Who hosts a team e-mail’s mail: gmail, outlook or null (administrators)',
    body: inboxEmailRequestSchema,
    responses: { 200: oauthTypeResponseSchema },
  }),
  oauthStart: endpoint({
    method: 'POST',
    path: '/api/oauth2/:provider',
    tags: ['email'],
    summary:
      'The provider’s authorisation link for the team with this e-mail (PKCE; opened in an 800×600 popup; administrators). Provider gmail or outlook: the mailbox is read through its API; imap: the IMAP host’s OAuth 2 server (IMAP_OAUTH_*), the body then also gives the IMAP and SMTP servers and the user name, and the mailbox signs in to both with XOAUTH2',
    params: oauthProvider,
    body: oauthStartRequestSchema,
    responses: { 200: oauthLinkResponseSchema },
  }),
  /** The provider's redirect: stores the grant and answers 302 to `/verification/success` or `/verification/error/:provider`. */
  oauthCallback: endpoint({
    method: 'GET',
    path: '/api/oauth2/:provider/callback',
    tags: ['email'],
    summary:
      'The provider’s redirect after the authorisation: redirects to /verification/success or /verification/error/{provider}',
    params: oauthProvider,
    query: oauthCallbackQuerySchema,
    responses: { 302: z.null() },
  }),
  oauthLogout: endpoint({
    method: 'POST',
    path: '/api/oauth2/:provider/logout',
    tags: ['email'],
    summary:
      'Disconnects the team’s mailbox and revokes the grant at the provider when it has a revocation endpoint (administrators)',
    params: oauthProvider,
    body: inboxEmailRequestSchema,
    responses: { 204: z.null() },
  }),
};
