import { randomUUID } from 'node:crypto';
import {
  AppError,
  SECURE_FILE_TTL_MS,
  type Locale,
  type Message,
  type Organization,
  type SecureFileKind,
  type SecureFileSalutation,
} from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { secureFiles } from '../../db/schema/secure-files';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { attachToMessage } from '../attachments/index';
import { getContact } from '../contacts/index';
import { claimConversationSeq, loadConversationViewById, setLastMessage } from '../conversations/index';
import { sendMail } from '../mail/index';
import {
  announceMessageCreated,
  announceMessageUpdated,
  getAuthor,
  insertSecureFileMessage,
  presentMessage,
  sendMessage,
  setSecureFileMessage,
} from '../messages/index';
import { getOrganization } from '../organizations/index';
import {
  hashSecureFileCode,
  hashSecureFileToken,
  newSecureFileCode,
  newSecureFileToken,
} from './secure-file-secrets';
import { secureFileText } from './secure-file-text';
import { presentSecureFile } from './secure-files.presenter';

/** What to send: a file (`attachmentId`, the user's unsent upload) or a request for one, and the salutation. */
export type SecureFileToSend =
  | { kind: 'file'; attachmentId: string; salutation: SecureFileSalutation }
  | { kind: 'request'; salutation: SecureFileSalutation };

/** `SecureFileToSend` in the conversation `conversationId`. */
export type SendSecureFileInput = SecureFileToSend & { conversationId: string };

/** The page of a secure file's link: `/secure` for a file, `/send-file` for a request. */
export function secureFileLink(baseUrl: string, kind: SecureFileKind, token: string): string {
  return `${baseUrl}/${kind === 'file' ? 'secure' : 'send-file'}?token=${token}`;
}

/** The mail's language: the contact's (`en` → en-CA), French otherwise (fr-FR in France). */
function contactLocale(language: string | null, organization: Organization | null): Locale {
  if (language === 'en') return 'en-CA';
  return organization?.country === 'FR' ? 'fr-FR' : 'fr-CA';
}

/**
 * POST /api/conversations/:id/secure-files and …/secure-file-requests
 * (docs/behaviour/secure-files.md): in one transaction, takes the conversation's next seq
 * (authorised as a send, reactivated), refuses a contact answering a flow (409
 * `contact-in-flow`) or without an e-mail address (422 `contact-without-email`), stores the
 * message that shows the secure file, gives it the user's upload (a file: `attachToMessage`,
 * 404 for an upload not theirs or sent already) and stores the secure file — its link's
 * SHA-256 and its code's argon2id hash only — with `secure-file.sent`. After the commit the
 * message is announced, the contact is mailed the link and the code in their language, and the
 * message becomes `sent` (or `failed` with `mail-unavailable` when the mail could not go). Once
 * the mail went, a phone conversation (to a line not known to be a landline) also gets a text
 * with the link only, never the code (`secureFileText`, `textTheLink`).
 * The code and the link are never logged nor answered.
 * @throws AppError `not-found`, `forbidden`, `contact-in-flow`, `contact-without-email`.
 */
export async function sendSecureFile(
  deps: AppDeps,
  ctx: RequestContext,
  input: SendSecureFileInput,
): Promise<Message> {
  const token = newSecureFileToken();
  const code = newSecureFileCode();
  const codeHash = await hashSecureFileCode(code);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SECURE_FILE_TTL_MS);
  const stored = await transactionWithEvents(deps, async (tx) => {
    const conv = await claimConversationSeq(tx, ctx, input.conversationId);
    if (conv.flowLockedUntil && conv.flowLockedUntil.getTime() > now.getTime())
      throw new AppError(
        'contact-in-flow',
        'The contact is answering a survey or flow: a secure file waits until it ends (one hour at most)',
        { until: conv.flowLockedUntil.toISOString() },
      );
    const contact = conv.contactId ? await getContact(tx, ctx.organizationId, conv.contactId) : null;
    if (!contact?.email)
      throw new AppError(
        'contact-without-email',
        'The contact needs an e-mail address to receive a secure file',
      );
    const messageId = randomUUID();
    const secureFileId = randomUUID();
    const pending = {
      id: secureFileId,
      kind: input.kind,
      name: null,
      size: null,
      expiresAt: expiresAt.toISOString(),
      state: 'waiting' as const,
    };
    const message = await insertSecureFileMessage(tx, {
      id: messageId,
      organizationId: ctx.organizationId,
      conversationId: conv.id,
      seq: conv.lastSeq,
      direction: 'outbound',
      ...(await getAuthor(deps, tx, ctx.userId)),
      authorUserId: ctx.userId,
      from: deps.config.MAIL_FROM,
      to: contact.email,
      carrier: deps.email.name,
      secureFile: pending,
    });
    const [media] =
      input.kind === 'file' ? await attachToMessage(tx, ctx, [input.attachmentId], messageId) : [];
    const [row] = await tx
      .insert(secureFiles)
      .values({
        id: secureFileId,
        organizationId: ctx.organizationId,
        conversationId: conv.id,
        messageId,
        contactId: contact.id,
        attachmentId: media?.attachmentId ?? null,
        kind: input.kind,
        fileName: media?.name ?? null,
        fileSize: media?.size ?? null,
        salutation: input.salutation,
        email: contact.email,
        tokenHash: hashSecureFileToken(token),
        codeHash,
        createdBy: ctx.userId,
        createdAt: now,
        expiresAt,
      })
      .returning();
    const shown = await setSecureFileMessage(tx, ctx.organizationId, messageId, {
      secureFile: presentSecureFile(row!),
    });
    await setLastMessage(tx, conv.id, messageId);
    await recordEvent(tx, {
      name: 'secure-file.sent',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { secureFileId, conversationId: conv.id, messageId, kind: input.kind },
    });
    const view = await loadConversationViewById(tx, conv.id);
    // A text goes where texts go: a phone conversation, to a line not known to be a landline.
    const textable = conv.channel === 'phone' && contact.phoneLineType !== 'landline';
    return { message: shown ?? message, view: view!, contact, row: row!, textable };
  });
  const { view, contact, row, textable } = stored;
  announceMessageCreated(deps, presentMessage(stored.message), view);
  const organization = await getOrganization(deps, ctx.organizationId);
  const locale = contactLocale(contact.language, organization);
  const link = secureFileLink(appBaseUrl(deps.config), row.kind, token);
  let outcome: { status: 'sent' | 'failed'; errorCode: string | null };
  try {
    await sendMail(deps, {
      to: row.email,
      locale,
      content: {
        kind: 'secure-file',
        secureFile: {
          kind: row.kind,
          salutation: row.salutation,
          lastName: contact.lastName,
          organization: organization?.name ?? '',
          fileName: row.fileName,
          link,
          code,
          expiresAt: new Intl.DateTimeFormat(locale, {
            dateStyle: 'long',
            timeStyle: 'short',
            timeZone: organization?.timeZone ?? 'America/Toronto',
          }).format(row.expiresAt),
        },
      },
    });
    outcome = { status: 'sent', errorCode: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome = { status: 'failed', errorCode: error.code };
  }
  const updated = await deps.db.transaction((tx) =>
    setSecureFileMessage(tx, ctx.organizationId, stored.message.id, outcome),
  );
  const message = presentMessage(updated ?? stored.message);
  announceMessageUpdated(deps, view.userGroupId, message);
  // The link without its code is no use to a contact whose mail did not go. The answer does not
  // wait for the text's carrier: the dialog closes once the mail went.
  if (textable && outcome.status === 'sent')
    void textTheLink(deps, ctx, view.id, secureFileText(locale, row.kind, organization?.name ?? '', link));
  return message;
}

/**
 * Sends the secure file's text in its conversation through the texting path (`sendMessage`:
 * stored, announced, handed to the carrier, signed by the user), so that it shows like any text
 * the user sent. Started after the answer is decided, not awaited: the mail went already, and a
 * text that cannot go (the team has no number, an anonymous number, the carrier refuses) is
 * logged while the secure file stays sent.
 */
async function textTheLink(deps: AppDeps, ctx: RequestContext, conversationId: string, body: string) {
  try {
    await sendMessage(deps, ctx, { conversationId, body });
  } catch (error) {
    // Nobody awaits this: every failure is logged here, none escapes as an unhandled rejection.
    deps.log.warn({ err: error, conversationId }, 'secure file: the text with the link was not sent');
  }
}
