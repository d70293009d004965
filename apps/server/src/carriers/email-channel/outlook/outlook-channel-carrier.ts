import type {
  EmailChannelCarrier,
  FetchedBatch,
  FetchedMail,
  MailboxAccount,
} from '../email-channel-carrier';
import { CarrierError } from '../email-channel-carrier';
import { mailApiRequest } from '../mail-api-request';
import { composeMime } from '../outbound-mime';
import { outlookApiError } from './outlook-errors';

/** The vendor's name (messages' `carrier`, the mailboxes' `vendor`, the spec's `/oauth2/outlook`). */
export const OUTLOOK_CHANNEL_CARRIER_NAME = 'outlook';
/** What a mailbox grants: read and send mail, read the account's address, and a refresh token. */
export const OUTLOOK_SCOPES = ['offline_access', 'User.Read', 'Mail.ReadWrite', 'Mail.Send'] as const;

type DeltaPage = {
  value: { id: string; '@removed'?: unknown }[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
};

/**
 * The Outlook / Microsoft 365 vendor of the e-mail channel (Microsoft Graph, REST): the Inbox's
 * changes by delta query (`mailFolders/inbox/messages/delta`, the next or delta link kept as the
 * cursor), each mail's MIME (`/messages/{id}/$value`), replies sent as MIME (`/sendMail`), which
 * keeps our Message-ID and the In-Reply-To/References that thread it. `graphUrl` is
 * `MICROSOFT_GRAPH_URL` (a stand-in in tests). No watch (Graph's change notifications need a
 * public webhook); the minute's sync reads it.
 */
export function createOutlookChannelCarrier(options: { graphUrl: string }): EmailChannelCarrier {
  const base = options.graphUrl.replace(/\/$/, '');
  const token = (account: MailboxAccount) => {
    if (!account.accessToken) throw new CarrierError('auth', 'The mailbox has no Microsoft grant');
    return account.accessToken;
  };
  const request = (account: MailboxAccount, url: string, init: RequestInit = {}) =>
    mailApiRequest(url, { ...init, accessToken: token(account) }, outlookApiError);
  /** Graph's links are absolute; only ones under the configured root are followed (a stored cursor never sends the token elsewhere). */
  const underBase = (link: string) => (link.startsWith(`${base}/`) ? link : null);

  const deltaPage = async (account: MailboxAccount, link: string, limit: number): Promise<DeltaPage> =>
    (await (
      await request(account, link, { headers: { prefer: `odata.maxpagesize=${limit}` } })
    ).json()) as DeltaPage;

  return {
    name: OUTLOOK_CHANNEL_CARRIER_NAME,
    idle: false,
    async verify(account) {
      const me = (await (await request(account, `${base}/me?$select=mail,userPrincipalName`)).json()) as {
        mail?: string | null;
        userPrincipalName?: string;
      };
      const addresses = [me.mail, me.userPrincipalName].filter(Boolean).map((a) => a!.toLowerCase());
      if (!addresses.includes(account.address.toLowerCase()))
        throw new CarrierError(
          'permanent',
          `The Microsoft account is ${addresses[0] ?? 'unknown'}, not ${account.address}`,
          'mailbox-mismatch',
        );
    },
    async fetchSince(account, cursor, limit): Promise<FetchedBatch> {
      const start = `${base}/me/mailFolders/inbox/messages/delta?$select=id`;
      let link = (cursor && underBase(cursor.uidValidity)) ?? start;
      let page: DeltaPage;
      try {
        page = await deltaPage(account, link, limit);
      } catch (error) {
        // An expired delta token: start the delta again (stored mails are recognised).
        if (!(error instanceof CarrierError) || error.carrierCode !== 'syncStateNotFound') throw error;
        link = start;
        page = await deltaPage(account, link, limit);
      }
      const mails: FetchedMail[] = [];
      let uid = cursor?.lastUid ?? 0;
      for (const item of page.value) {
        if (item['@removed']) continue;
        try {
          const mime = await request(account, `${base}/me/messages/${encodeURIComponent(item.id)}/$value`);
          mails.push({ uid: ++uid, raw: Buffer.from(await mime.arrayBuffer()) });
        } catch (error) {
          if (error instanceof CarrierError && error.carrierCode === 'notFound') continue;
          throw error;
        }
      }
      const next = page['@odata.nextLink'] ?? page['@odata.deltaLink'] ?? link;
      return { mails, cursor: { uidValidity: next, lastUid: uid }, more: Boolean(page['@odata.nextLink']) };
    },
    watch() {
      return Promise.reject(new CarrierError('permanent', 'Outlook is read by the periodic sync (no IDLE)'));
    },
    async send(account, mail) {
      await request(account, `${base}/me/sendMail`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: (await composeMime(mail)).toString('base64'),
      });
      return { messageId: mail.messageId };
    },
  };
}
