import { CarrierError, type EmailCarrier, type OutboundMail } from '../email-carrier';

/** The configuration's name for this vendor (`EMAIL_CARRIER=sandbox`, the default without `SMTP_URL`). */
export const SANDBOX_EMAIL_CARRIER_NAME = 'sandbox';

/**
 * Where the sandbox keeps the mails it is given instead of sending them (the sandbox module's
 * table, so that every server process sees them). Returns the kept mail's id.
 */
export type SandboxMailbox = { keep(mail: OutboundMail): Promise<{ id: string }> };

/**
 * The sandbox e-mail carrier: every mail goes to `mailbox` (shown at /sandbox/mail) and none
 * leaves the machine. Its message id is `sandbox-<kept id>`.
 * @throws CarrierError `temporary` from `send` when the mailbox could not keep the mail.
 */
export function createSandboxEmailCarrier(options: { mailbox: SandboxMailbox }): EmailCarrier {
  return {
    name: SANDBOX_EMAIL_CARRIER_NAME,
    async send(mail) {
      try {
        const kept = await options.mailbox.keep(withInlinePartsInPlace(mail));
        return { carrierMessageId: `sandbox-${kept.id}` };
      } catch (error) {
        throw new CarrierError(
          'temporary',
          `The sandbox mailbox could not keep the mail: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/**
 * The mail as the sandbox mailbox keeps it: each inline part (`contentId`) is also put in place in
 * the HTML as a `data:` URL, where a mail program would show it (the page /sandbox/mail shows the
 * HTML in a frame that cannot resolve `cid:` links: the charts of a statistics report show there);
 * the files themselves are kept as they came.
 */
export function withInlinePartsInPlace(mail: OutboundMail): OutboundMail {
  let html = mail.html;
  for (const part of mail.attachments ?? []) {
    if (!part.contentId) continue;
    const url = `data:${part.contentType};base64,${part.content.toString('base64')}`;
    html = html.split(`cid:${part.contentId}`).join(url);
  }
  return { ...mail, html };
}
