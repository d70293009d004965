import { CarrierError, type CarrierErrorKind } from '../messaging/messaging-carrier';

// One closed set of failures for every carrier (docs/behaviour/carriers.md): a mailbox vendor's
// errors map to the same four kinds; only `auth` marks a team's mailbox disconnected.
export { CarrierError, type CarrierErrorKind };

/** One server of a mailbox: host, port, and TLS from the start (`secure`) or STARTTLS when offered. */
export type MailServer = { host: string; port: number; secure: boolean };

/**
 * A team's mailbox as a vendor needs it: its address and, for IMAP/SMTP, both servers and the
 * credentials (the password already decrypted by the module; never logged). The sandbox vendor
 * needs the address only.
 */
export type MailboxAccount = {
  address: string;
  imap?: MailServer;
  smtp?: MailServer;
  user?: string;
  password?: string;
  /** Gmail and Outlook: a live OAuth 2 access token (the module refreshes it before it expires). */
  accessToken?: string;
};

/**
 * Where a mailbox's sync stands. IMAP (RFC 3501): the folder's UIDVALIDITY and the highest UID
 * stored; a new UIDVALIDITY means the UIDs were renumbered: the sync starts again from the first
 * UID (what was stored is recognised by its Message-ID and not stored twice). Gmail and Outlook
 * keep their own position in `uidValidity` (Gmail's history id, Graph's next or delta link) and
 * count the mails fetched in `lastUid`.
 */
export type MailCursor = { uidValidity: string; lastUid: number };

/** One message as the server holds it: its UID and its raw RFC 5322 bytes (parsed by the module). */
export type FetchedMail = { uid: number; raw: Buffer };

/** What `fetchSince` found: up to `limit` messages in UID order, the cursor after them, and whether more wait. */
export type FetchedBatch = { mails: FetchedMail[]; cursor: MailCursor; more: boolean };

/** A file attached to a mail we send. */
export type OutboundAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * A mail a team sends from its mailbox (a reply in a thread): `messageId` is ours (`<uuid@domain>`),
 * `inReplyTo` and `references` thread it (RFC 5322 §3.6.4).
 */
export type OutboundEmail = {
  messageId: string;
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  inReplyTo?: string;
  references?: string[];
  attachments?: OutboundAttachment[];
  /** RFC 3834's `Auto-Submitted: auto-replied` for our automatic replies. */
  autoSubmitted?: 'auto-replied' | 'auto-generated';
};

/** A live watch on a mailbox (IMAP IDLE): `onNewMail` is called when the server announces mail. */
export type MailboxWatch = { close(): Promise<void> };

/**
 * What a mailbox vendor does for a team's e-mail channel (docs/behaviour/email.md). One folder
 * per vendor (`imap/`, `sandbox/`). Like every carrier it reads neither the environment nor the
 * database: the account is passed on every call.
 */
export interface EmailChannelCarrier {
  /** The vendor's name (`imap`, `sandbox`, `gmail`, `outlook`), stored as the messages' `carrier`. */
  readonly name: string;
  /**
   * Whether `watch` announces new mail (IMAP IDLE): the server then keeps one watch per mailbox
   * (`mailbox-watcher.ts`); the others are read by the minute's sync or ask for a sync themselves.
   */
  readonly idle: boolean;
  /**
   * Checks the account: signs in to both servers.
   * @throws CarrierError (`auth` for refused credentials, `temporary` for an unreachable server).
   */
  verify(account: MailboxAccount): Promise<void>;
  /**
   * The INBOX's messages after `cursor` (all of them for null or another UIDVALIDITY), at most
   * `limit`, in UID order. @throws CarrierError.
   */
  fetchSince(account: MailboxAccount, cursor: MailCursor | null, limit: number): Promise<FetchedBatch>;
  /**
   * Watches the INBOX (IMAP IDLE) and calls `onNewMail` when mail arrives; `onError` once when
   * the watch ends without `close()` — a failure, a dropped connection, the server ending IDLE —
   * (the caller may watch again). @throws CarrierError when it cannot start.
   */
  watch(
    account: MailboxAccount,
    handlers: { onNewMail: () => void; onError?: (error: CarrierError) => void },
  ): Promise<MailboxWatch>;
  /** Sends one mail through the account's server. Never retried by the carrier. @throws CarrierError. */
  send(account: MailboxAccount, mail: OutboundEmail): Promise<{ messageId: string }>;
}
