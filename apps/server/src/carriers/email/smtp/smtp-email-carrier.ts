import type { Transporter } from 'nodemailer';
import type { EmailCarrier } from '../email-carrier';
import { toCarrierError } from './smtp-errors';

/** The configuration's name for this vendor (`EMAIL_CARRIER=smtp`). */
export const SMTP_CARRIER_NAME = 'smtp';

/** Time limits of one SMTP exchange (ms): connecting, the server's greeting, silence on the socket. */
export type SmtpTimeouts = { connection: number; greeting: number; socket: number };
export const SMTP_TIMEOUTS_MS: SmtpTimeouts = { connection: 10_000, greeting: 10_000, socket: 30_000 };

/**
 * The SMTP carrier (nodemailer): each mail opens a connection to the server of `url`
 * (`smtps://` for TLS from the start, `smtp://` with STARTTLS when offered; the credentials in
 * the URL) and sends both parts, with its attachments (inline when they have a content id). The carrier's message id is the Message-ID the server accepted.
 * @throws CarrierError from `send` (see `smtpErrorKind`).
 */
export function createSmtpEmailCarrier(options: {
  url: string;
  timeoutsMs?: Partial<SmtpTimeouts>;
}): EmailCarrier {
  const timeouts = { ...SMTP_TIMEOUTS_MS, ...options.timeoutsMs };
  // nodemailer loads with the first probe or mail, not at every start.
  let transporter: Promise<Transporter> | null = null;
  const transport = (): Promise<Transporter> =>
    (transporter ??= import('nodemailer').then(({ createTransport }) =>
      // Options in the URL's query string win over these (nodemailer merges them last).
      createTransport({
        url: options.url,
        connectionTimeout: timeouts.connection,
        greetingTimeout: timeouts.greeting,
        socketTimeout: timeouts.socket,
      }),
    ));
  return {
    name: SMTP_CARRIER_NAME,
    async probe() {
      // Connects, reads the greeting and signs in (nodemailer's verify), then says QUIT: no mail.
      try {
        await (await transport()).verify();
      } catch (error) {
        throw toCarrierError(error);
      }
    },
    async send(mail) {
      try {
        const info = await (
          await transport()
        ).sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
            ...(a.contentId ? { cid: a.contentId } : {}),
          })),
          headers: mail.mailId ? { 'X-Accueil-Mail-Id': mail.mailId } : {},
        });
        return { carrierMessageId: info.messageId };
      } catch (error) {
        throw toCarrierError(error);
      }
    },
  };
}
