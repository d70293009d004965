import { oauthEmailProviderSchema, type EmailProvider, type OAuthEmailProvider } from '@accueil/domain';
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
 * Connecting a team's mailbox (docs/behaviour/email.md, "Gmail and Outlook"): asks who hosts
 * the address (`POST /api/oauth2/type`); for Gmail or Outlook, the provider's page opens in the
 * authorisation popup, watched until it closes, then the team's mailbox is read again; for
 * neither, `onImap` (the IMAP/SMTP dialog). The outcome `blocked` (the browser refused the
 * popup) is for the screen to say so.
 */
export function useConnectMailbox(teamId: string, onImap: () => void) {
  const client = useQueryClient();
  const watching = useRef<(() => void) | null>(null);
  useEffect(() => () => watching.current?.(), []);
  return useMutation({
    mutationFn: async (inboxEmail: string) => {
      const { provider } = await fetchOAuthType(inboxEmail);
      if (!provider) return 'imap' as const;
      const { link } = await startOAuth(provider, inboxEmail);
      const popup = openAuthorizationPopup(link);
      if (popup.blocked) return 'blocked' as const;
      watching.current = popup.stop;
      await popup.closed;
      watching.current = null;
      return 'closed' as const;
    },
    onSuccess: async (outcome) => {
      if (outcome === 'imap') return onImap();
      if (outcome === 'blocked') return;
      await Promise.all([
        client.invalidateQueries({ queryKey: emailKeys.mailbox(teamId) }),
        client.invalidateQueries({ queryKey: emailKeys.mailboxStatus(teamId) }),
      ]);
    },
    onError: (error) => notifyError(error),
  });
}

/**
 * Disconnecting a team's mailbox: `POST /api/oauth2/:provider/logout` for Gmail and Outlook (the
 * grant revoked at the provider), `DELETE /api/teams/:id/mailbox` otherwise; its mails stay.
 */
export function useDisconnectMailbox(teamId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (mailbox: { provider: EmailProvider | null; address: string | null }) => {
      const oauth = oauthProviderOf(mailbox.provider);
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
