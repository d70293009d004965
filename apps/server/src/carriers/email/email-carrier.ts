import { CarrierError, type CarrierErrorKind } from '../messaging/messaging-carrier';

// One closed set of failures for every carrier (docs/behaviour/carriers.md): an e-mail vendor's
// errors map to the same four kinds as a messaging vendor's.
export { CarrierError, type CarrierErrorKind };

/**
 * A file sent with a mail. `contentId` makes it an inline part that the HTML names as
 * `cid:<contentId>` (a chart in a report); without it the file is an ordinary attachment.
 * `contentType` is the type the app checked (sniffed from the content), never a sender's claim.
 */
export type MailAttachment = { filename: string; contentType: string; content: Buffer; contentId?: string };

/**
 * One mail as the app hands it to a carrier: already rendered, both parts. Addresses are plain
 * (`name@example.com`); `from` may be `Name <address>`. `replyTo` is where answers go when not
 * to `from` (a support request is answered to the person who sent it).
 */
export type OutboundMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Our own id for the mail (logs, the vendor's `X-Accueil-Mail-Id` header), when the caller has one. */
  mailId?: string;
};

/** What the carrier accepted: its id for the mail (SMTP: the Message-ID the server took). */
export type SentMail = { carrierMessageId: string };

/**
 * What an e-mail vendor does. Each vendor lives in its own folder (`smtp/`, `sandbox/`) with
 * everything of it. Like every carrier it never reads the environment or the database: what it
 * needs is passed at construction (the sandbox's mailbox is given by the sandbox module).
 */
export interface EmailCarrier {
  /** The vendor's name (`smtp`, `sandbox`), as the configuration names it. */
  readonly name: string;
  /**
   * Sends one mail. Never retried by the carrier (a retry after a lost answer could send it twice).
   * @throws CarrierError (the closed set: temporary, permanent, auth, rate-limited) on failure.
   */
  send(mail: OutboundMail): Promise<SentMail>;
  /**
   * Asks the vendor cheaply whether it answers and takes our credentials, for the operators'
   * health panel (docs/behaviour/operations.md, "Carriers"): SMTP: connect, greet and sign in (nodemailer's `verify`), no mail sent. Absent: nothing to ask (a
   * vendor inside this process, the sandbox's), always up. The caller bounds how long it waits.
   * @throws CarrierError (or the vendor's error) when it does not answer or refuses us.
   */
  probe?(): Promise<void>;
}
