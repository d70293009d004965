import type {
  EmailChannelCarrier,
  FetchedBatch,
  FetchedMail,
  MailboxAccount,
  MailCursor,
} from '../email-channel-carrier';
import { CarrierError } from '../email-channel-carrier';
import { mailApiRequest } from '../mail-api-request';
import { composeMime } from '../outbound-mime';
import { gmailApiError } from './gmail-errors';

/** The vendor's name (messages' `carrier`, the mailboxes' `vendor`, the spec's `/oauth2/gmail`). */
export const GMAIL_CHANNEL_CARRIER_NAME = 'gmail';
/** What a mailbox grants (read the INBOX, send; `gmail.modify` is the narrowest scope that does both). */
export const GMAIL_SCOPES = ['https://www.googleapis.com/auth/gmail.modify'] as const;

type HistoryPage = {
  history?: { id: string; messagesAdded?: { message: { id: string; labelIds?: string[] } }[] }[];
  historyId: string;
  nextPageToken?: string;
};

/**
 * The Gmail vendor of the e-mail channel (the Gmail API, REST): the INBOX's new mail by history
 * id (`users.history.list`, messageAdded in INBOX), each mail's raw bytes (`format=raw`), replies
 * by `users.messages.send` in the mail's thread (its `threadId`, found by the Message-ID it
 * answers). `apiUrl` is `GMAIL_API_URL` (a stand-in in tests). No watch: Gmail's push needs
 * Cloud Pub/Sub; the minute's sync reads it.
 */
export function createGmailChannelCarrier(options: { apiUrl: string }): EmailChannelCarrier {
  const base = `${options.apiUrl.replace(/\/$/, '')}/gmail/v1/users/me`;
  const token = (account: MailboxAccount) => {
    if (!account.accessToken) throw new CarrierError('auth', 'The mailbox has no Google grant');
    return account.accessToken;
  };
  const getJson = async <T>(account: MailboxAccount, path: string): Promise<T> =>
    (await (
      await mailApiRequest(`${base}${path}`, { accessToken: token(account) }, gmailApiError)
    ).json()) as T;

  const rawOf = async (account: MailboxAccount, id: string, uid: number): Promise<FetchedMail> => {
    const message = await getJson<{ raw: string }>(account, `/messages/${encodeURIComponent(id)}?format=raw`);
    return { uid, raw: Buffer.from(message.raw, 'base64url') };
  };

  /** A first sync: the newest `limit` mails of the INBOX, then the history from the profile's id read before them. */
  const firstBatch = async (account: MailboxAccount, limit: number): Promise<FetchedBatch> => {
    const profile = await getJson<{ historyId: string }>(account, '/profile');
    const list = await getJson<{ messages?: { id: string }[] }>(
      account,
      `/messages?labelIds=INBOX&maxResults=${limit}`,
    );
    const ids = (list.messages ?? []).map((m) => m.id).reverse();
    const mails: FetchedMail[] = [];
    for (const [i, id] of ids.entries()) mails.push(await rawOf(account, id, i + 1));
    return { mails, cursor: { uidValidity: profile.historyId, lastUid: mails.length }, more: false };
  };

  return {
    name: GMAIL_CHANNEL_CARRIER_NAME,
    idle: false,
    async verify(account) {
      const profile = await getJson<{ emailAddress: string }>(account, '/profile');
      if (profile.emailAddress.toLowerCase() !== account.address.toLowerCase())
        throw new CarrierError(
          'permanent',
          `The Google account is ${profile.emailAddress}, not ${account.address}`,
          'mailbox-mismatch',
        );
    },
    async fetchSince(account, cursor: MailCursor | null, limit) {
      if (!cursor) return firstBatch(account, limit);
      let page: HistoryPage;
      try {
        page = await getJson<HistoryPage>(
          account,
          `/history?startHistoryId=${encodeURIComponent(cursor.uidValidity)}&historyTypes=messageAdded&labelId=INBOX&maxResults=${limit}`,
        );
      } catch (error) {
        // A history id too old (Gmail keeps about a week) answers 404: read the newest mails again
        // (the ones already stored are recognised by their Message-ID).
        if (error instanceof CarrierError && error.carrierCode === 'notFound')
          return firstBatch(account, limit);
        throw error;
      }
      const ids = new Set<string>();
      for (const record of page.history ?? [])
        for (const added of record.messagesAdded ?? [])
          if (added.message.labelIds?.includes('INBOX') ?? true) ids.add(added.message.id);
      const mails: FetchedMail[] = [];
      let uid = cursor.lastUid;
      for (const id of ids) {
        try {
          mails.push(await rawOf(account, id, ++uid));
        } catch (error) {
          // Deleted between the history and now: nothing to read.
          if (error instanceof CarrierError && error.carrierCode === 'notFound') continue;
          throw error;
        }
      }
      const lastRecord = page.history?.at(-1)?.id;
      const position = page.nextPageToken && lastRecord ? lastRecord : page.historyId;
      return { mails, cursor: { uidValidity: position, lastUid: uid }, more: Boolean(page.nextPageToken) };
    },
    watch() {
      return Promise.reject(new CarrierError('permanent', 'Gmail is read by the periodic sync (no IDLE)'));
    },
    async send(account, mail) {
      let threadId: string | undefined;
      if (mail.inReplyTo) {
        const found = await getJson<{ messages?: { threadId: string }[] }>(
          account,
          `/messages?maxResults=1&q=${encodeURIComponent(`rfc822msgid:${mail.inReplyTo.replace(/^<|>$/g, '')}`)}`,
        );
        threadId = found.messages?.[0]?.threadId;
      }
      const raw = (await composeMime(mail)).toString('base64url');
      await mailApiRequest(
        `${base}/messages/send`,
        {
          method: 'POST',
          accessToken: token(account),
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ raw, ...(threadId ? { threadId } : {}) }),
          timeoutMs: 120_000,
        },
        gmailApiError,
      );
      return { messageId: mail.messageId };
    },
  };
}
