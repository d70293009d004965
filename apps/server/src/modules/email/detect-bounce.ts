import type { ParsedMail } from 'mailparser';

/**
 * A mail that says one of ours was not delivered: the Message-IDs it names (the undelivered
 * mail's own, first; then any other it quotes) and the reason, as the reporting server gave it.
 */
export type Bounce = { originalMessageIds: string[]; reason: string };

/** Senders of delivery reports (RFC 3464 §2, and what mail servers call themselves). */
const DAEMON_SENDER =
  /^(mailer-daemon|mail-daemon|mailerdaemon|postmaster|mail-delivery-subsystem|bounces?)@/i;
/** Subjects of the usual non-standard bounces (Postfix, Exim, Exchange, Gmail, qmail, French servers). */
const BOUNCE_SUBJECT =
  /undeliver|undelivered mail|delivery status notification|delivery (has )?failed|mail delivery (failed|system)|returned mail|failure notice|could not be delivered|non remis|non distribuable|échec de (la )?(remise|distribution)|message non délivré/i;
/** How much of a report is searched for the original's Message-ID and the reason (bytes). */
const SEARCHED_BYTES = 256_000;
/** Longest reason kept (characters). */
const REASON_MAX_CHARS = 500;

/** The text a report carries: its text part and its `message/*`/`text/*` parts (DSN fields, the original's headers). */
function reportText(mail: ParsedMail, raw: Buffer): string {
  const parts = [mail.text ?? ''];
  for (const a of mail.attachments)
    if (/^(message|text)\//i.test(a.contentType))
      parts.push(a.content.subarray(0, SEARCHED_BYTES).toString('utf8'));
  // A report mailparser could not split: its raw bytes after the header block.
  const bodyStart = raw.indexOf('\r\n\r\n');
  parts.push(raw.subarray(bodyStart >= 0 ? bodyStart : 0, SEARCHED_BYTES).toString('latin1'));
  return parts.join('\n');
}

/** The first meaningful reason: the DSN's Diagnostic-Code, else an SMTP reply (`550 5.1.1 …`), else its Status. */
function reasonOf(text: string, subject: string): string {
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  const diagnostic = /^Diagnostic-Code:\s*(?:smtp;\s*)?(.+)$/im.exec(unfolded)?.[1];
  const smtp = /\b([45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b.*)$/m.exec(unfolded)?.[1];
  const status = /^Status:\s*([45]\.\d{1,3}\.\d{1,3})/im.exec(unfolded)?.[1];
  const reason = diagnostic ?? smtp ?? (status ? `Status ${status}` : subject);
  return reason.trim().slice(0, REASON_MAX_CHARS);
}

/**
 * Whether `mail` is a bounce, and what of: a delivery status notification (RFC 3464,
 * `multipart/report; report-type=delivery-status`), or one of the usual non-standard bounces —
 * from a mailer daemon or postmaster, or with an empty return path (`Return-Path: <>`, RFC 5321
 * §4.5.5) and a bounce's subject. The original's Message-ID is read from the report's copy of
 * its headers (`Message-ID:` lines, `Original-Message-ID`) and the report's own
 * In-Reply-To/References; its own Message-ID is never one of them. Null for any other mail.
 */
export function detectBounce(mail: ParsedMail, raw: Buffer, ownMessageId: string): Bounce | null {
  const contentType = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    contentType?.value?.toLowerCase() === 'multipart/report' &&
    contentType.params?.['report-type']?.toLowerCase() === 'delivery-status';
  const sender = mail.from?.value[0]?.address ?? '';
  const returnPath = mail.headers.get('return-path');
  const nullReturnPath =
    typeof returnPath === 'object' && returnPath !== null && 'text' in returnPath
      ? /^<?>?$/.test(String((returnPath as { text: string }).text).trim())
      : typeof returnPath === 'string' && /^<\s*>$/.test(returnPath.trim());
  const subject = mail.subject ?? '';
  const looksLikeBounce =
    isReport || DAEMON_SENDER.test(sender) || (nullReturnPath && BOUNCE_SUBJECT.test(subject));
  if (!looksLikeBounce) return null;
  const text = reportText(mail, raw);
  const ids = new Set<string>();
  for (const match of text.matchAll(/^(?:Original-)?Message-ID:\s*(<[^<>\s]{1,900}>)/gim)) ids.add(match[1]!);
  const inReplyTo = mail.inReplyTo?.trim();
  if (inReplyTo) ids.add(inReplyTo);
  for (const ref of Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? [mail.references]
      : [])
    ids.add(ref.trim());
  ids.delete(ownMessageId);
  return { originalMessageIds: [...ids].slice(0, 20), reason: reasonOf(text, subject) };
}
