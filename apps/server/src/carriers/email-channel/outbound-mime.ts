import type { OutboundEmail } from './email-channel-carrier';

/**
 * The nodemailer message options of `mail`: threading headers, RFC 3834's `Auto-Submitted`
 * for automatic mail, attachments. Shared by the SMTP send and the sandbox's raw copy.
 */
export function nodemailerMessage(mail: OutboundEmail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    headers: mail.autoSubmitted ? { 'Auto-Submitted': mail.autoSubmitted } : {},
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/**
 * `mail` as raw RFC 5322 bytes (nodemailer's MIME composer, 4 MB of heap: loaded with the first
 * mail composed, not at every start).
 */
export async function composeMime(mail: OutboundEmail): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new MailComposer(nodemailerMessage(mail)).compile().build();
}
