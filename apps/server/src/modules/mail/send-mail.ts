import { AppError, type Locale } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { CarrierError, type MailAttachment, type SentMail } from '../../carriers/email/email-carrier';
import type { MailContent } from './mail-content';

/**
 * Renders one mail in the recipient's language and hands it to the e-mail carrier
 * (`deps.email`), from `MAIL_FROM`. Logs the mail's kind, our id and the carrier's id, never
 * its content (it may carry a set-password link).
 * The templates (React, react-email) load on the first mail, not when the server starts.
 * @throws AppError `mail-unavailable` (502, `details: { kind }` of the carrier's failure)
 *   when the carrier refuses or cannot be reached.
 */
export async function sendMail(
  deps: Pick<AppDeps, 'email' | 'config' | 'log'>,
  input: {
    to: string;
    locale: Locale;
    content: MailContent;
    /** Where answers go (e.g. the person who asked for support). */
    replyTo?: string;
    attachments?: MailAttachment[];
  },
): Promise<SentMail> {
  const { renderMail } = await import('./render-mail');
  const rendered = await renderMail(input.content, input.locale);
  const mailId = randomUUID();
  try {
    const sent = await deps.email.send({
      from: deps.config.MAIL_FROM,
      to: input.to,
      ...rendered,
      ...(input.replyTo ? { replyTo: input.replyTo } : {}),
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
      mailId,
    });
    deps.log.info(
      { mailId, mail: input.content.kind, carrier: deps.email.name, carrierMessageId: sent.carrierMessageId },
      'mail sent',
    );
    return sent;
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    deps.log.warn(
      {
        mailId,
        mail: input.content.kind,
        carrier: deps.email.name,
        kind: error.kind,
        carrierCode: error.carrierCode,
        reason: error.message,
      },
      'mail not sent',
    );
    throw new AppError('mail-unavailable', 'The mail could not be sent', { kind: error.kind });
  }
}
