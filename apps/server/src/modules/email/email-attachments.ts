import { EMAIL_ATTACHMENT_MAX_BYTES } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import type { EmailAttachmentField } from '../../db/schema/email';

/** A file of a mail, in or out, with its bytes. */
export type MailFile = { filename: string; contentType: string; content: Buffer; contentId?: string | null };

/**
 * Puts a mail's files in the storage carrier under new keys of the organisation (before the
 * rows naming them are written): each up to `EMAIL_ATTACHMENT_MAX_BYTES`; a larger one is
 * listed without a key (not kept). If one put fails, those already put are deleted and the
 * failure thrown.
 * @throws CarrierError from the storage carrier.
 */
export async function storeMailFiles(
  deps: Pick<AppDeps, 'storage' | 'log'>,
  organizationId: string,
  files: readonly MailFile[],
): Promise<EmailAttachmentField[]> {
  const stored: EmailAttachmentField[] = [];
  try {
    for (const file of files) {
      const storageKey =
        file.content.length <= EMAIL_ATTACHMENT_MAX_BYTES
          ? newOrganizationFileKey(organizationId, 'email-attachments')
          : null;
      if (storageKey)
        await deps.storage.put(storageKey, file.content, {
          contentType: file.contentType,
          contentLength: file.content.length,
        });
      stored.push({
        id: crypto.randomUUID(),
        filename: file.filename,
        contentType: file.contentType,
        size: file.content.length,
        storageKey,
        contentId: file.contentId ?? null,
      });
    }
  } catch (error) {
    await deleteMailFiles(deps, stored);
    throw error;
  }
  return stored;
}

/** Deletes the stored files of `attachments` (after a write that failed): logged, not thrown. */
export function deleteMailFiles(
  deps: Pick<AppDeps, 'storage' | 'log'>,
  attachments: readonly EmailAttachmentField[],
): Promise<void[]> {
  return Promise.all(attachments.map((a) => deleteStoredFile(deps, a.storageKey)));
}
