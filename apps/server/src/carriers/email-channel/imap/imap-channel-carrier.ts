import type { ImapFlow } from 'imapflow';
import {
  CarrierError,
  type EmailChannelCarrier,
  type FetchedMail,
  type MailboxAccount,
} from '../email-channel-carrier';
import { nodemailerMessage } from '../outbound-mime';
import { imapToCarrierError, smtpFailureToCarrierError } from './imap-errors';

/** The configuration's name for this vendor (`EMAIL_CHANNEL_CARRIER=imap`). */
export const IMAP_CHANNEL_CARRIER_NAME = 'imap';

/** Time limits of one IMAP or SMTP exchange (ms): connecting, the server's greeting, silence on the socket. */
export type MailTimeouts = { connection: number; greeting: number; socket: number };
export const MAIL_TIMEOUTS_MS: MailTimeouts = { connection: 10_000, greeting: 10_000, socket: 60_000 };

/** The folder every vendor reads: new mail lands in INBOX (RFC 3501 §5.1). */
const INBOX = 'INBOX';

/**
 * The account's sign-in: its password, or an OAuth 2 access token (SASL XOAUTH2, imapflow's
 * `accessToken` and nodemailer's `OAuth2`) when it has one.
 */
function credentialsOf(account: MailboxAccount, server: string) {
  if (!account.user || (account.password === undefined && account.accessToken === undefined))
    throw new CarrierError('permanent', `The mailbox has no ${server} server or credentials`);
  return account.accessToken !== undefined
    ? { user: account.user, accessToken: account.accessToken }
    : { user: account.user, password: account.password! };
}

async function imapClient(account: MailboxAccount, timeouts: MailTimeouts): Promise<ImapFlow> {
  const credentials = credentialsOf(account, 'IMAP');
  if (!account.imap) throw new CarrierError('permanent', 'The mailbox has no IMAP server or credentials');
  // imapflow is loaded at the first IMAP connection, not at start: a restart serves sooner.
  const { ImapFlow } = await import('imapflow');
  return new ImapFlow({
    host: account.imap.host,
    port: account.imap.port,
    secure: account.imap.secure,
    auth:
      'accessToken' in credentials
        ? { user: credentials.user, accessToken: credentials.accessToken }
        : { user: credentials.user, pass: credentials.password },
    logger: false,
    // Our own IDLE in `watch`; a fetch's connection closes right after it.
    disableAutoIdle: true,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
}

/** Runs `fn` signed in to the account's INBOX, then logs out (or closes the connection on a failure). */
async function withInbox<T>(
  account: MailboxAccount,
  timeouts: MailTimeouts,
  fn: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = await imapClient(account, timeouts);
  // A socket error after the command's failure would otherwise be an unhandled 'error' event.
  client.on('error', () => {});
  try {
    await client.connect();
    const lock = await client.getMailboxLock(INBOX);
    try {
      return await fn(client);
    } finally {
      lock.release();
    }
  } catch (error) {
    throw imapToCarrierError(error, account);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/**
 * The IMAP + SMTP vendor: imapflow reads the INBOX by UID (one connection per fetch, IDLE on a
 * connection of its own per watch) and nodemailer sends through the account's SMTP server with
 * the same credentials: a password, or an OAuth 2 access token (XOAUTH2). Errors are mapped to
 * the closed set (`imap-errors.ts`, `smtp-errors.ts`); a refused access token is `auth` with
 * `TOKEN_REFUSED`, so the module refreshes it and tries once more before disconnecting.
 */
export function createImapChannelCarrier(
  options: { timeoutsMs?: Partial<MailTimeouts> } = {},
): EmailChannelCarrier {
  const timeouts = { ...MAIL_TIMEOUTS_MS, ...options.timeoutsMs };
  return {
    name: IMAP_CHANNEL_CARRIER_NAME,
    idle: true,

    async verify(account) {
      await withInbox(account, timeouts, () => Promise.resolve());
      const transport = await smtpTransport(account, timeouts);
      try {
        await transport.verify();
      } catch (error) {
        throw smtpFailureToCarrierError(error, account);
      } finally {
        transport.close();
      }
    },

    fetchSince(account, cursor, limit) {
      return withInbox(account, timeouts, async (client) => {
        const mailbox = client.mailbox;
        if (!mailbox) throw new CarrierError('temporary', 'INBOX is not open');
        const uidValidity = String(mailbox.uidValidity);
        const after = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid : 0;
        if (mailbox.exists === 0) return { mails: [], cursor: { uidValidity, lastUid: after }, more: false };
        // `n:*` always matches the newest message, even when its UID is below n: filtered.
        const found = (await client.search({ uid: `${after + 1}:*` }, { uid: true })) || [];
        const uids = found.filter((uid) => uid > after).sort((a, b) => a - b);
        const taken = uids.slice(0, limit);
        const mails: FetchedMail[] = [];
        if (taken.length > 0) {
          for await (const message of client.fetch(
            taken.join(','),
            { uid: true, source: true },
            { uid: true },
          ))
            if (message.source) mails.push({ uid: message.uid, raw: message.source });
          mails.sort((a, b) => a.uid - b.uid);
        }
        const lastUid = taken.length > 0 ? taken[taken.length - 1]! : after;
        return { mails, cursor: { uidValidity, lastUid }, more: uids.length > taken.length };
      });
    },

    async watch(account, handlers) {
      const client = await imapClient(account, timeouts);
      let closing = false;
      // The watch ends once: the first of an error, the socket closing, IDLE ending.
      const ended = (error: CarrierError) => {
        if (closing) return;
        closing = true;
        client.close();
        handlers.onError?.(error);
      };
      client.on('error', (error: unknown) => ended(imapToCarrierError(error, account)));
      client.on('close', () => ended(new CarrierError('temporary', 'The IMAP connection closed')));
      client.on('exists', () => handlers.onNewMail());
      try {
        await client.connect();
        await client.mailboxOpen(INBOX);
      } catch (error) {
        closing = true;
        client.close();
        throw imapToCarrierError(error, account);
      }
      // IDLE until the server ends it or we close (imapflow's `maxIdleTime` is not set: one IDLE).
      const idling = client.idle().then(
        () => ended(new CarrierError('temporary', 'The IMAP server ended IDLE')),
        (error: unknown) => ended(imapToCarrierError(error, account)),
      );
      return {
        async close() {
          closing = true;
          client.close();
          await idling;
        },
      };
    },

    async send(account, mail) {
      const transport = await smtpTransport(account, timeouts);
      try {
        const info = await transport.sendMail(nodemailerMessage(mail));
        return { messageId: info.messageId };
      } catch (error) {
        throw smtpFailureToCarrierError(error, account);
      } finally {
        transport.close();
      }
    },
  };
}

async function smtpTransport(account: MailboxAccount, timeouts: MailTimeouts) {
  const credentials = credentialsOf(account, 'SMTP');
  if (!account.smtp) throw new CarrierError('permanent', 'The mailbox has no SMTP server or credentials');
  // nodemailer loads with the first mail sent, not at every start.
  const { createTransport } = await import('nodemailer');
  return createTransport({
    host: account.smtp.host,
    port: account.smtp.port,
    secure: account.smtp.secure,
    // nodemailer's OAuth2 with an access token alone: the module refreshes it (nodemailer would
    // need the client secret to do so itself).
    auth:
      'accessToken' in credentials
        ? { type: 'OAuth2', user: credentials.user, accessToken: credentials.accessToken }
        : { user: credentials.user, pass: credentials.password },
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
}
