import { z } from 'zod';
import { signatureModeSchema } from '../entities/user-account';

/**
 * Largest file a mail may carry into the inbox (bytes, base 1000 as the spec formats sizes):
 * a larger one is listed with the mail but not kept (`kept: false`), and a reply refuses it.
 */
export const EMAIL_ATTACHMENT_MAX_BYTES = 25_000_000;
/** A reply's attachments together (bytes; spec: "cumulative attachments 20 MB"). */
export const EMAIL_REPLY_ATTACHMENTS_MAX_BYTES = 20_000_000;
/** Most files one reply carries. */
export const EMAIL_REPLY_MAX_ATTACHMENTS = 10;
/** Longest subject we keep or send (characters); a longer one is cut. */
export const EMAIL_SUBJECT_MAX_CHARS = 998;
/** Longest reply body (characters). */
export const EMAIL_BODY_MAX_CHARS = 100_000;
/** Messages one sync round fetches from a mailbox before saving its cursor. */
export const EMAIL_SYNC_BATCH = 50;
/** Most addresses of To and Cc kept for one mail (a mail to 500 recipients keeps the first ones). */
export const EMAIL_MAX_KEPT_RECIPIENTS = 100;

/**
 * The mailbox vendors of the e-mail channel: IMAP + SMTP or the sandbox mailbox
 * (`EMAIL_CHANNEL_CARRIER`), and Gmail and Outlook connected with OAuth 2 (`email-oauth.ts`).
 */
export const EMAIL_PROVIDERS = ['imap', 'sandbox', 'gmail', 'outlook'] as const;
export const emailProviderSchema = z.enum(EMAIL_PROVIDERS);
export type EmailProvider = z.infer<typeof emailProviderSchema>;

const host = z.string().trim().min(1).max(253);
const port = z.number().int().min(1).max(65535);

/**
 * How an IMAP mailbox signs in to its IMAP and SMTP servers: `password` (the user name and
 * password), or `oauth2` (SASL XOAUTH2 with an access token of the IMAP host's OAuth 2 server,
 * `IMAP_OAUTH_*`; docs/behaviour/email.md, "IMAP signed in with OAuth 2"). Gmail and Outlook
 * mailboxes are `oauth2` (their APIs take the bearer token).
 */
export const MAILBOX_AUTH_METHODS = ['password', 'oauth2'] as const;
export const mailboxAuthMethodSchema = z.enum(MAILBOX_AUTH_METHODS);
export type MailboxAuthMethod = z.infer<typeof mailboxAuthMethodSchema>;

/** An IMAP mailbox's two servers and its user name (the credentials aside). */
export const imapServersShape = {
  imapHost: host,
  imapPort: port,
  imapSecure: z.boolean().optional(),
  smtpHost: host,
  smtpPort: port,
  smtpSecure: z.boolean().optional(),
  username: z.string().trim().min(1).max(320),
};

/**
 * `PUT /api/teams/:id/mailbox`: connects the team's mailbox (its address is the team's e-mail).
 * IMAP/SMTP: both servers and the credentials (the password may be left out to keep the stored
 * one); the sandbox: nothing.
 */
export const connectMailboxRequestSchema = z.strictObject({
  ...z.object(imapServersShape).partial().shape,
  password: z.string().min(1).max(1000).optional(),
});
export type ConnectMailboxRequest = z.infer<typeof connectMailboxRequestSchema>;

/** A team's mailbox as its administrators see it (never the password: `hasPassword` only). */
export const mailboxSchema = z.object({
  userGroupId: z.uuid(),
  /** The vendor this server reads mailboxes with (the configuration's). */
  provider: emailProviderSchema,
  connected: z.boolean(),
  /** The team's e-mail (the mailbox's address), null when the team has none. */
  address: z.string().nullable(),
  /** False once the provider refused the credentials: the team must reconnect. */
  valid: z.boolean(),
  imapHost: z.string().nullable(),
  imapPort: z.number().int().nullable(),
  imapSecure: z.boolean(),
  smtpHost: z.string().nullable(),
  smtpPort: z.number().int().nullable(),
  smtpSecure: z.boolean(),
  username: z.string().nullable(),
  /** How the connected mailbox signs in (`password` when none is connected). */
  authMethod: mailboxAuthMethodSchema,
  /**
   * How this server lets an IMAP mailbox sign in: `password` always, `oauth2` (XOAUTH2) when the
   * IMAP host's OAuth 2 server is configured (`IMAP_OAUTH_*`) and the vendor is IMAP.
   */
  authMethods: z.array(mailboxAuthMethodSchema),
  /** A password is stored (IMAP with `password`); never the password itself. */
  hasPassword: z.boolean(),
  lastSyncedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

/** One address of a mail's header. */
export const emailAddressSchema = z.object({ address: z.string(), name: z.string() });
export type EmailAddress = z.infer<typeof emailAddressSchema>;

/** A file a mail carried: `kept` false when it was over `EMAIL_ATTACHMENT_MAX_BYTES` (listed, not downloadable). */
export const emailAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kept: z.boolean(),
  /** Its Content-ID (`cid:` images of the HTML part). */
  contentId: z.string().nullable(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/**
 * What an e-mail message of a conversation holds beyond the message: the headers, the HTML part
 * (sanitised on the server: no script, form, event handler or `javascript:`; remote images
 * still there, shown only when the user asks) and the text part, automatic or not.
 */
export const emailDetailsSchema = z.object({
  messageId: z.uuid(),
  subject: z.string(),
  from: emailAddressSchema,
  to: z.array(emailAddressSchema),
  cc: z.array(emailAddressSchema),
  html: z.string().nullable(),
  text: z.string(),
  /** The HTML loads remote images (blocked until the user asks). */
  remoteImages: z.boolean(),
  automatic: z.boolean(),
  attachments: z.array(emailAttachmentSchema),
  /**
   * Inbound: SPF, DKIM and DMARC as verified on arrival (RFC 8601 results: `pass`, `fail`,
   * `softfail`, `none`…), `failing` when the sender's domain does not vouch for the mail (shown
   * as a warning); null when not verified (outbound, the sandbox).
   */
  authentication: z
    .object({ spf: z.string(), dkim: z.string(), dmarc: z.string(), failing: z.boolean() })
    .nullable(),
  /** Outbound: why it was not delivered (the bounce's reason), null while no bounce came back. */
  deliveryError: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type EmailDetails = z.infer<typeof emailDetailsSchema>;

/**
 * `GET /api/conversations/:id/emails`: the details of the conversation's e-mail messages, and
 * the team's mailbox a reply goes from (null when none is connected; `valid` false once its
 * provider refused the sign-in), and the signature a reply of the signed-in user will end with
 * (`emailSignature` of their mode; empty when none), shown under the composer.
 */
export const conversationEmailsSchema = z.object({
  items: z.array(emailDetailsSchema),
  mailbox: z.object({ address: z.string(), provider: emailProviderSchema, valid: z.boolean() }).nullable(),
  signature: z.string(),
});
export type ConversationEmails = z.infer<typeof conversationEmailsSchema>;

/** `POST /api/email-sync/:provider/send/:id`: the multipart form's fields besides the files (`attachments`). */
export const sendEmailFieldsSchema = z.strictObject({
  inboxEmail: z.email('email-invalid').max(320),
  subject: z.string().max(EMAIL_SUBJECT_MAX_CHARS),
  body: z.string().trim().min(1).max(EMAIL_BODY_MAX_CHARS),
  /**
   * The conversation's last `seq` the writer had seen when they began the reply (a form field, so
   * digits): another user's reply above it refuses the send with 409 `replied-meanwhile`
   * (docs/behaviour/notes-and-presence.md, "Replied meanwhile"). Absent: no check.
   */
  seenSeq: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  /** `true`: send even though someone replied meanwhile (the writer saw the warning). */
  sendAnyway: z.enum(['true', 'false']).optional(),
});
export type SendEmailFields = z.infer<typeof sendEmailFieldsSchema>;

/** `POST /api/email-sync/:provider/attachments/:id`: the team's mailbox the file belongs to. */
export const attachmentRequestSchema = z.strictObject({ inboxEmail: z.email('email-invalid').max(320) });

/** `POST /api/sandbox/mail`: a contact's mail program writes to a team's mailbox (the sandbox vendor). */
export const sandboxMailSendRequestSchema = z.strictObject({
  from: z.email('email-invalid').max(320),
  to: z.email('email-invalid').max(320),
  subject: z.string().max(EMAIL_SUBJECT_MAX_CHARS),
  text: z.string().min(1).max(EMAIL_BODY_MAX_CHARS),
  /** The Message-ID of the mail it answers (threading). */
  inReplyTo: z.string().max(998).optional(),
});
export type SandboxMailSendRequest = z.infer<typeof sandboxMailSendRequestSchema>;

/**
 * A mail's text split into what the writer wrote and the quoted history under it (folded in
 * the conversation): from the first attribution line ("On … wrote:", "Le … a écrit :") or the
 * first run of `>` lines that goes to the end.
 */
export function splitQuotedText(text: string): { body: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const attribution =
    /^\s*(On\s.+wrote:|Le\s.+a\s+écrit\s*:|-{2,}\s*(Original Message|Message d'origine)\s*-{2,})\s*$/i;
  let start = lines.findIndex((l) => attribution.test(l));
  if (start < 0) {
    // The quote is the trailing block of `>` lines (blank lines allowed between them).
    let i = lines.length - 1;
    while (i >= 0 && lines[i]!.trim() === '') i--;
    let first = -1;
    while (i >= 0 && (lines[i]!.startsWith('>') || lines[i]!.trim() === '')) {
      if (lines[i]!.startsWith('>')) first = i;
      i--;
    }
    start = first;
  }
  if (start <= 0) return { body: text.trim(), quoted: null };
  return { body: lines.slice(0, start).join('\n').trim(), quoted: lines.slice(start).join('\n').trim() };
}

/**
 * GET/PUT /api/users/me/signature: the signed-in user's own signature (mode and personalised
 * text) and, for the modes built from details, the text each gives now (`texts.clinic`,
 * `texts.user`, by `emailSignature`), so a page can show what replies will carry.
 */
export const ownSignatureSchema = z.object({
  mode: signatureModeSchema,
  content: z.string(),
  texts: z.object({ clinic: z.string(), user: z.string() }),
});
export type OwnSignature = z.infer<typeof ownSignatureSchema>;

/** What a signature may show of the user and of the organisation. */
export type SignatureSource = {
  mode: 'no-signature' | 'clinic' | 'user' | 'personalized-signature';
  user: { firstName: string; lastName: string; email: string; profession: string; content: string };
  organization: { name: string; phone: string | null; email: string | null; address: string | null };
};

/**
 * The signature of a user's e-mail, by their signature mode (spec: no-signature, clinic, user,
 * personalized-signature): nothing; the clinic's name, address, phone and e-mail; the user's
 * name and profession then the clinic's name; or the text the user wrote. Lines joined by `\n`;
 * empty lines dropped.
 */
export function emailSignature(source: SignatureSource): string {
  const { user, organization } = source;
  const lines = (values: (string | null)[]) =>
    values
      .map((v) => (v ?? '').trim())
      .filter((v) => v.length > 0)
      .join('\n');
  switch (source.mode) {
    case 'no-signature':
      return '';
    case 'clinic':
      return lines([organization.name, organization.address, organization.phone, organization.email]);
    case 'user':
      return lines([`${user.firstName} ${user.lastName}`, user.profession, organization.name, user.email]);
    case 'personalized-signature':
      return user.content.trim();
  }
}
