import { AppError, type EmailProvider } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { StoredFile } from '../../carriers/storage/storage-carrier';
import { emailMessages } from '../../db/schema/email';
import type { RequestContext } from '../../http/request-context';
import { requireConversation } from '../conversations/index';

/**
 * `POST /api/email-sync/:provider/attachments/:id` (spec §7, "attachment path": body
 * `inboxEmail`, a blob answer): one file a mail of the team's mailbox `inboxEmail` carried,
 * found by its id among the organisation's mails of that mailbox, read through the conversation's
 * rules (another team's or organisation's file answers 404), streamed from the storage carrier.
 * @throws AppError 'not-found' (no such file, not kept because too large, or not the caller's).
 */
export async function downloadAttachment(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  input: { provider: EmailProvider; attachmentId: string; inboxEmail: string },
): Promise<StoredFile & { filename: string }> {
  const notFound = () => new AppError('not-found', 'Attachment not found');
  const [row] = await deps.db
    .select({ conversationId: emailMessages.conversationId, attachments: emailMessages.attachments })
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.organizationId, ctx.organizationId),
        sql`${emailMessages.attachments} @> ${JSON.stringify([{ id: input.attachmentId }])}::jsonb`,
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  await requireConversation(deps.db, ctx, row.conversationId).catch(() => {
    throw notFound();
  });
  const attachment = row.attachments.find((a) => a.id === input.attachmentId);
  if (!attachment?.storageKey) throw notFound();
  const file = await deps.storage.get(attachment.storageKey);
  return { ...file, contentType: attachment.contentType, filename: attachment.filename };
}
