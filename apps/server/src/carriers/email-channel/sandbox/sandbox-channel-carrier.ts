import type { EmailChannelCarrier, FetchedMail } from '../email-channel-carrier';
import { CarrierError } from '../email-channel-carrier';
import { composeMime } from '../outbound-mime';

/** The configuration's name for this vendor (`EMAIL_CHANNEL_CARRIER=sandbox`, the default). */
export const SANDBOX_CHANNEL_CARRIER_NAME = 'sandbox';

/** The order value the sandbox mailbox gives each mail (its `seq`), standing for an IMAP UIDVALIDITY that never changes. */
const SANDBOX_UID_VALIDITY = 'sandbox';

/** A whole mail of the sandbox mailbox, in its order of arrival. */
export type SandboxRawMail = { seq: number; raw: string };

/**
 * Where the sandbox vendor reads and writes the teams' mail: the sandbox mailbox
 * (`sandbox_mails`, given by the sandbox module), which plays the contacts' mail programs.
 */
export type SandboxMailStore = {
  /** Mails to `address` (case-insensitive) after `afterSeq`, at most `limit`, oldest first. */
  mailsTo(address: string, afterSeq: number, limit: number): Promise<SandboxRawMail[]>;
  /** Keeps a mail a team sent: shown at /sandbox/mail for its recipient. */
  keepRaw(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    raw: string;
    messageId: string;
  }): Promise<void>;
};

/**
 * The sandbox vendor of the e-mail channel: a team's mailbox is the sandbox mailbox's mails to
 * its address (a contact writes them at /sandbox/mail), and its replies are kept there for the
 * contact to read. No credentials, no network; `watch` has nothing to watch (a contact's mail
 * asks for a sync itself).
 */
export function createSandboxChannelCarrier(options: { store: SandboxMailStore }): EmailChannelCarrier {
  const { store } = options;
  return {
    name: SANDBOX_CHANNEL_CARRIER_NAME,
    idle: false,
    verify: () => Promise.resolve(),
    async fetchSince(account, cursor, limit) {
      const after = cursor && cursor.uidValidity === SANDBOX_UID_VALIDITY ? cursor.lastUid : 0;
      try {
        const rows = await store.mailsTo(account.address, after, limit + 1);
        const taken = rows.slice(0, limit);
        const mails: FetchedMail[] = taken.map((r) => ({ uid: r.seq, raw: Buffer.from(r.raw, 'utf8') }));
        const lastUid = taken.length > 0 ? taken[taken.length - 1]!.seq : after;
        return { mails, cursor: { uidValidity: SANDBOX_UID_VALIDITY, lastUid }, more: rows.length > limit };
      } catch (error) {
        throw new CarrierError('temporary', `The sandbox mailbox could not be read: ${String(error)}`);
      }
    },
    watch: () => Promise.resolve({ close: () => Promise.resolve() }),
    async send(_account, mail) {
      const raw = await composeMime(mail);
      try {
        await store.keepRaw({
          from: mail.from,
          to: mail.to.join(', '),
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? '',
          raw: raw.toString('utf8'),
          messageId: mail.messageId,
        });
      } catch (error) {
        throw new CarrierError('temporary', `The sandbox mailbox could not keep the mail: ${String(error)}`);
      }
      return { messageId: mail.messageId };
    },
  };
}
