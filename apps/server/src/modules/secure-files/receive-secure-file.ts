import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { secureFiles } from '../../db/schema/secure-files';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { attachContactUpload, deleteAttachments, uploadAttachment } from '../attachments/index';
import { claimConversationSeqs, loadConversationViewById } from '../conversations/index';
import {
  announceMessageCreated,
  announceMessageUpdated,
  insertSecureFileMessage,
  presentMessage,
  setMessageMedia,
} from '../messages/index';
import { presentSecureFile, type SecureFileRow } from './secure-files.presenter';
import { secureFileUnavailable, showSecureFileState } from './unlock-secure-file';

/**
 * `/send-file`, once the code opened the request `request` (`unlockSecureFile`): keeps the
 * contact's file as an upload (`uploadAttachment`: the attachments' sniffing, limits, stripping
 * and streaming; no user uploaded it), then in one transaction — if the request still waits —
 * stores it as an inbound message of the conversation (next seq, reactivated) holding the file,
 * marks the request `received` (its message shows it) and records `secure-file.received`. After
 * the commit both messages are announced. A request answered meanwhile (a second upload) loses
 * the file and answers as every failure.
 * @throws AppError the upload's refusals (`file-unexpected`, `…-too-large`, `upload-incomplete`…);
 *   `secure-file-unavailable`.
 */
export async function receiveSecureFile(
  deps: AppDeps,
  request: SecureFileRow,
  input: { file: Readable; name?: string; size: number },
): Promise<{ name: string; size: number }> {
  const upload = await uploadAttachment(
    deps,
    { organizationId: request.organizationId, userId: null },
    { ...input, resize: false },
  );
  const byId = and(eq(secureFiles.organizationId, request.organizationId), eq(secureFiles.id, request.id));
  const messageId = randomUUID();
  const outcome = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx.select().from(secureFiles).where(byId).for('update');
    if (!row || row.state !== 'waiting') return null;
    const [conv] = await claimConversationSeqs(tx, row.organizationId, [
      { conversationId: row.conversationId, messageId },
    ]);
    const [after] = await tx
      .update(secureFiles)
      .set({ state: 'received', attachmentId: upload.id, fileName: upload.name, fileSize: upload.size })
      .where(byId)
      .returning();
    const message = await insertSecureFileMessage(tx, {
      id: messageId,
      organizationId: row.organizationId,
      conversationId: row.conversationId,
      seq: conv!.lastSeq,
      direction: 'inbound',
      author: row.email,
      authorName: null,
      authorUserId: null,
      from: row.email,
      to: deps.config.MAIL_FROM,
      carrier: deps.email.name,
      secureFile: presentSecureFile(after!),
    });
    // The message exists now: the upload is given to it, and shown as its media.
    const media = await attachContactUpload(tx, row.organizationId, upload.id, messageId);
    const withMedia = await setMessageMedia(tx, messageId, () => [media]);
    await recordEvent(tx, {
      name: 'secure-file.received',
      organizationId: row.organizationId,
      actorUserId: null,
      payload: { secureFileId: row.id, conversationId: row.conversationId, messageId },
    });
    const shown = await showSecureFileState(tx, after!);
    const view = await loadConversationViewById(tx, row.conversationId);
    return { message: withMedia?.row ?? message, view: view!, shown };
  });
  if (!outcome) {
    await deleteAttachments(deps, [upload.id]);
    throw secureFileUnavailable();
  }
  announceMessageCreated(deps, presentMessage(outcome.message), outcome.view);
  if (outcome.shown) announceMessageUpdated(deps, outcome.shown.teamId, outcome.shown.message);
  return { name: upload.name, size: upload.size };
}
