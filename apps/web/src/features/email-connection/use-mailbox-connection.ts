import {
  oauthEmailProviderSchema,
  type EmailProvider,
  type MailboxAuthMethod,
  type MailboxOAuthProvider,
  type OAuthEmailProvider,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useRealtimeEvent } from '../../lib/realtime';
import {
  disconnectMailbox,
  emailKeys,
  fetchMailboxStatus,
  fetchOAuthType,
  logoutOAuth,
  startOAuth,
  type ImapServers,
} from '../conversations/email/api';
import { openAuthorizationPopup } from './authorization-popup';

/**
 * Whether the team's mailbox works (`GET /api/teams/:id/mailbox/status`), read again when
 * `mailbox:updated` says it changed (the answer, not the event, is the state: nothing stale
 * is shown whatever order events arrive in). Null `teamId`: none.
 */
export function useMailboxStatus(teamId: string | null) {
  const client = useQueryClient();
  useRealtimeEvent('mailbox:updated', ({ teamId: changed }) => {
    void client.invalidateQueries({ queryKey: emailKeys.mailboxStatus(changed) });
    void client.invalidateQueries({ queryKey: emailKeys.mailbox(changed) });
  });
  return useQuery({
    queryKey: emailKeys.mailboxStatus(teamId ?? ''),
    queryFn: ({ signal }) => fetchMailboxStatus(teamId!, signal),
    enabled: teamId !== null,
  });
}

/** The OAuth provider of a mailbox's vendor, or null (IMAP, the sandbox). */
export function oauthProviderOf(provider: EmailProvider | null): OAuthEmailProvider | null {
  return oauthEmailProviderSchema.safeParse(provider).data ?? null;
}

/**
 * The popup of an authorisation link, for a mutation: opens it and waits until it closes
 * (`closed`), or `blocked` when the browser refused it; a screen that goes away stops the watch.
 */
function usePopupWatch() {
  const watching = useRef<(() => void) | null>(null);
  useEffect(() => () => watching.current?.(), []);
  return async (link: string): Promise<'blocked' | 'closed'> => {
    const popup = openAuthorizationPopup(link);
    if (popup.blocked) return 'blocked';
    watching.current = popup.stop;
    await popup.closed;
    watching.current = null;
    return 'closed';
  };
}

/** Reads the team's mailbox and its status again (after a popup closed: connected or not, the server says). */
function useMailboxRefresh(teamId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: emailKeys.mailbox(teamId) }),
      client.invalidateQueries({ queryKey: emailKeys.mailboxStatus(teamId) }),
    ]);
}

/**
 * Connecting a team's mailbox (docs/behaviour/email.md, "Gmail and Outlook"): asks who hosts
 * the address (`POST /api/oauth2/type`); for Gmail or Outlook, the provider's page opens in the
 * authorisation popup, watched until it closes, then the team's mailbox is read again; for
 * neither, `onImap` (the IMAP/SMTP dialog). The outcome `blocked` (the browser refused the
 * popup) is for the screen to say so.
 */
export function useConnectMailbox(teamId: string, onImap: () => void) {
  const watch = usePopupWatch();
  const refresh = useMailboxRefresh(teamId);
  return useMutation({
    mutationFn: async (inboxEmail: string) => {
      const { provider } = await fetchOAuthType(inboxEmail);
      if (!provider) return 'imap' as const;
      const { link } = await startOAuth(provider, inboxEmail);
      return watch(link);
    },
    onSuccess: async (outcome) => {
      if (outcome === 'imap') return onImap();
      if (outcome === 'blocked') return;
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
}

/**
 * Connecting an IMAP mailbox with OAuth 2 (docs/behaviour/email.md, "IMAP signed in with OAuth
 * 2"): `POST /api/oauth2/imap` with its servers and user name, then the IMAP host's sign-in page
 * in the same 800×600 popup, watched until it closes; the team's mailbox is then read again.
 * Outcome `blocked` when the browser refused the popup; a refusal of the servers' fields is the
 * form's (the caller shows it).
 */
export function useConnectImapWithOAuth(teamId: string) {
  const watch = usePopupWatch();
  const refresh = useMailboxRefresh(teamId);
  return useMutation({
    mutationFn: async (input: { inboxEmail: string; servers: ImapServers }) => {
      const { link } = await startOAuth('imap', input.inboxEmail, input.servers);
      return watch(link);
    },
    onSuccess: async (outcome) => {
      if (outcome === 'closed') await refresh();
    },
  });
}

/** The OAuth provider whose grant a connected mailbox holds (`imap` for IMAP with XOAUTH2), or null. */
export function grantProviderOf(mailbox: {
  provider: EmailProvider | null;
  authMethod?: MailboxAuthMethod;
}): MailboxOAuthProvider | null {
  if (mailbox.provider === 'imap') return mailbox.authMethod === 'oauth2' ? 'imap' : null;
  return oauthProviderOf(mailbox.provider);
}

/**
 * Disconnecting a team's mailbox: `POST /api/oauth2/:provider/logout` for a mailbox with a grant
 * (Gmail, Outlook, IMAP with XOAUTH2: revoked at the provider), `DELETE /api/teams/:id/mailbox`
 * otherwise (and for a status, which does not say how it signs in: the server revokes an XOAUTH2
 * grant there too); its mails stay.
 */
export function useDisconnectMailbox(teamId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mailbox: {
      provider: EmailProvider | null;
      address: string | null;
      authMethod?: MailboxAuthMethod;
    }) => {
      const oauth = grantProviderOf(mailbox);
      if (oauth && mailbox.address) await logoutOAuth(oauth, mailbox.address);
      else await disconnectMailbox(teamId);
    },
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'email.mailbox.disconnected' }));
      await Promise.all([
        client.invalidateQueries({ queryKey: emailKeys.mailbox(teamId) }),
        client.invalidateQueries({ queryKey: emailKeys.mailboxStatus(teamId) }),
      ]);
    },
    onError: (error) => notifyError(error, 'email.connection.logoutFailed'),
  });
}
