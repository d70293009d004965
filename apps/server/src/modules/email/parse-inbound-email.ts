import { createHash } from 'node:crypto';
import { EMAIL_MAX_KEPT_RECIPIENTS, EMAIL_SUBJECT_MAX_CHARS } from '@accueil/domain';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { EmailAddressField, EmailAuthenticationField } from '../../db/schema/email';
import { detectBounce, type Bounce } from './detect-bounce';
import { sanitizeEmailHtml } from './sanitize-email-html';

/** Most Message-IDs of References kept (the newest: the thread's root is the first, kept too). */
const MAX_REFERENCES = 50;
/** Longest text part kept (characters): the rest of a huge mail is cut. */
const MAX_TEXT_CHARS = 1_000_000;

/** A file of the mail, with its bytes (stored by the caller when not too large). */
export type ParsedAttachment = {
  filename: string;
  contentType: string;
  size: number;
  content: Buffer;
  contentId: string | null;
};

/** What the inbox keeps of one mail (docs/behaviour/email.md, "What is kept of a mail"). */
export type ParsedEmail = {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  threadId: string;
  subject: string;
  from: EmailAddressField | null;
  to: EmailAddressField[];
  cc: EmailAddressField[];
  html: string | null;
  remoteImages: boolean;
  text: string;
  automatic: boolean;
  attachments: ParsedAttachment[];
  /** A delivery report about one of our mails (`detect-bounce.ts`), else null. */
  bounce: Bounce | null;
  /** SPF/DKIM/DMARC (`mail-authentication.ts`), set by the sync; null when not verified. */
  authentication: EmailAuthenticationField | null;
};

/** Bytes of one header field kept by `trimHeaders`, and of the whole header block. */
const HEADER_FIELD_MAX_BYTES = 16_000;
const HEADER_BLOCK_MAX_BYTES = 256_000;

/**
 * `raw` with a header block mailparser accepts: each field cut to `HEADER_FIELD_MAX_BYTES`, and
 * the fields after `HEADER_BLOCK_MAX_BYTES` dropped (a hostile mail's megabytes of headers).
 */
function trimHeaders(raw: Buffer): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  const headerEnd = end >= 0 ? end : raw.length;
  const fields = raw
    .subarray(0, headerEnd)
    .toString('latin1')
    .split(/\r\n(?=[^ \t])/);
  const kept: string[] = [];
  let size = 0;
  for (const field of fields) {
    const cut = field.slice(0, HEADER_FIELD_MAX_BYTES);
    if (size + cut.length > HEADER_BLOCK_MAX_BYTES) continue;
    kept.push(cut);
    size += cut.length + 2;
  }
  return Buffer.concat([Buffer.from(kept.join('\r\n'), 'latin1'), raw.subarray(headerEnd)]);
}

/** Text PostgreSQL can hold: no NUL character (a hostile mail may carry them). */
function clean(value: string): string {
  return value.replaceAll('\u0000', '');
}

function addresses(field: AddressObject | AddressObject[] | undefined): EmailAddressField[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  const out: EmailAddressField[] = [];
  for (const group of list)
    for (const entry of group.value) {
      // A group (RFC 5322 §3.4: `undisclosed-recipients:;`) holds its members.
      for (const member of entry.group ?? [entry])
        if (member.address)
          out.push({ address: clean(member.address).toLowerCase(), name: clean(member.name ?? '') });
    }
  return out;
}

function messageIds(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? value.split(/\s+/) : [];
  return list.map((v) => clean(v.trim())).filter((v) => /^<[^<>\s]+>$/.test(v) && v.length <= 998);
}

/**
 * RFC 3834: mail sent by a program, which an automatic reply must never answer: an
 * `Auto-Submitted` other than `no`, a mailing list's headers (`List-Id`, `List-Unsubscribe`,
 * `List-Post`), `Precedence: bulk | list | junk`, or an autoresponder's own marks
 * (`X-Autoreply`, `X-Autorespond`, `X-Auto-Response-Suppress`).
 */
export function isAutomaticMail(headers: ParsedMail['headers']): boolean {
  const text = (name: string) => {
    const value = headers.get(name);
    return typeof value === 'string' ? value.trim().toLowerCase() : value ? 'present' : null;
  };
  const autoSubmitted = text('auto-submitted');
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
  // mailparser gathers the `List-*` headers under `list`.
  if (['list', 'list-id', 'list-unsubscribe', 'list-post'].some((h) => headers.has(h))) return true;
  if (['bulk', 'list', 'junk'].includes(text('precedence') ?? '')) return true;
  return ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress'].some((h) => headers.has(h));
}

/**
 * One raw mail (RFC 5322, MIME) as the inbox keeps it: mailparser decodes the headers (RFC 2047,
 * unknown charsets as well as it can) and parts; the HTML part is sanitised
 * (`sanitizeEmailHtml`); addresses are lower case, at most `EMAIL_MAX_KEPT_RECIPIENTS` of To and
 * of Cc; a mail without Message-ID gets one made from its bytes (so fetching it twice still
 * stores it once). Never throws on a malformed mail: what cannot be read is left empty.
 */
export async function parseInboundEmail(raw: Buffer): Promise<ParsedEmail> {
  // Loaded at the first mail, not at start: a restart serves sooner (docs/architecture.md, "Start-up").
  const { simpleParser } = await import('mailparser');
  const options = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true };
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, options);
  } catch (error) {
    // mailparser refuses a header block over its limit: the mail is read again with its
    // header fields cut (`trimHeaders`), rather than lost.
    if (!/header size/i.test(String((error as Error).message))) throw error;
    mail = await simpleParser(trimHeaders(raw), options);
  }
  const messageId =
    messageIds(mail.messageId)[0] ??
    `<${createHash('sha256').update(raw).digest('hex')}@accueil.no-message-id>`;
  const inReplyTo = messageIds(mail.inReplyTo)[0] ?? null;
  const allReferences = messageIds(mail.references);
  const references =
    allReferences.length > MAX_REFERENCES
      ? [allReferences[0]!, ...allReferences.slice(-(MAX_REFERENCES - 1))]
      : allReferences;
  const sanitised = typeof mail.html === 'string' ? await sanitizeEmailHtml(clean(mail.html)) : null;
  const text = clean(mail.text ?? '').trimEnd() || (sanitised ? sanitised.text : '');
  return {
    messageId,
    inReplyTo,
    references,
    threadId: references[0] ?? inReplyTo ?? messageId,
    subject: clean(mail.subject ?? '').slice(0, EMAIL_SUBJECT_MAX_CHARS),
    from: addresses(mail.from)[0] ?? null,
    to: addresses(mail.to).slice(0, EMAIL_MAX_KEPT_RECIPIENTS),
    cc: addresses(mail.cc).slice(0, EMAIL_MAX_KEPT_RECIPIENTS),
    html: sanitised?.html ?? null,
    remoteImages: sanitised?.remoteImages ?? false,
    text: text.slice(0, MAX_TEXT_CHARS),
    automatic: isAutomaticMail(mail.headers),
    bounce: detectBounce(mail, raw, messageId),
    authentication: null,
    attachments: mail.attachments.map((a) => ({
      filename: clean(a.filename ?? 'attachment'),
      contentType: a.contentType || 'application/octet-stream',
      size: a.size ?? a.content.length,
      content: a.content,
      contentId: a.contentId ? clean(a.contentId) : null,
    })),
  };
}
