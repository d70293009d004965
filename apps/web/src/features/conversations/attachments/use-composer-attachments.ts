import {
  checkAttachmentFile,
  checkMessageAttachments,
  type Attachment,
  type AttachmentRefusal,
} from '@accueil/domain';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { removeAttachment, uploadAttachment } from './api';

/**
 * One file in the composer: being uploaded (`progress` 0 to 1), kept (`attachment`), refused
 * (`error`: an error code, before the upload by the shared rules or by the server), or a picture
 * over 200 KB waiting for the user's agreement to shrink it (`error: 'image-too-large'`).
 */
export type ComposerFile = {
  localId: string;
  file: File;
  status: 'uploading' | 'done' | 'failed';
  progress: number;
  attachment?: Attachment;
  error?: string;
  /** After a 429: the seconds the server asked to wait before trying again. */
  retryAfterS?: number;
};

/**
 * The media type the first check uses: the browser's, else one guessed from the extension,
 * else null (unknown to the browser: the server, which sniffs the content, decides alone).
 */
export function browserType(file: File): string | null {
  if (file.type) return file.type;
  // A type a browser may leave empty: an iPhone's HEIC picture on a computer that does not know
  // the format. Only a first guess: the server sniffs the bytes.
  const heif = /\.(hei[cf])$/i.exec(file.name)?.[1];
  return heif ? `image/${heif.toLowerCase()}` : null;
}

let counter = 0;

/**
 * The files of the message being composed (docs/behaviour/attachments.md): each is checked
 * with the domain's rules before it is uploaded (the same functions as the server's), then
 * uploaded with its progress; a refused or failed one stays with its reason and can be tried
 * again (or shrunk, for a picture over 200 KB) without choosing it again. `ids` are the kept
 * attachments, in order; `ready` once every file is kept.
 */
export function useComposerAttachments() {
  const [files, setFiles] = useState<ComposerFile[]>([]);

  const patch = (localId: string, change: Partial<ComposerFile>) =>
    setFiles((list) => list.map((f) => (f.localId === localId ? { ...f, ...change } : f)));

  const upload = useCallback((item: ComposerFile, resize: boolean) => {
    patch(item.localId, { status: 'uploading', progress: 0, error: undefined, retryAfterS: undefined });
    uploadAttachment(item.file, {
      resize,
      onProgress: (progress) => patch(item.localId, { progress }),
    }).then(
      (attachment) => patch(item.localId, { status: 'done', progress: 1, attachment }),
      (error: unknown) =>
        patch(item.localId, {
          status: 'failed',
          error: error instanceof ApiError ? error.code : 'network',
          retryAfterS: error instanceof ApiError ? error.retryAfterS : undefined,
        }),
    );
  }, []);

  const add = useCallback(
    (chosen: readonly File[]) => {
      const kept = files.filter((f) => f.status !== 'failed');
      const sizes = kept.map((f) => f.attachment?.size ?? f.file.size);
      const added: ComposerFile[] = [];
      for (const file of chosen) {
        counter += 1;
        const item: ComposerFile = { localId: `file-${counter}`, file, status: 'uploading', progress: 0 };
        // The browser's type only guides this first check: the server sniffs the content.
        const contentType = browserType(file);
        const refusal: AttachmentRefusal | null =
          (contentType === null ? null : checkAttachmentFile({ contentType, size: file.size })) ??
          checkMessageAttachments({ sizes: [...sizes, file.size] });
        if (refusal) {
          added.push({ ...item, status: 'failed', error: refusal });
          continue;
        }
        sizes.push(file.size);
        added.push(item);
      }
      setFiles((list) => [...list, ...added]);
      for (const item of added) if (item.status === 'uploading') upload(item, false);
    },
    [files, upload],
  );

  const retry = useCallback(
    (localId: string, resize = false) => {
      const item = files.find((f) => f.localId === localId);
      if (item) upload(item, resize);
    },
    [files, upload],
  );

  const remove = useCallback(
    (localId: string) => {
      const item = files.find((f) => f.localId === localId);
      setFiles((list) => list.filter((f) => f.localId !== localId));
      // Taken back on the server too; if that fails the unsent upload stays, seen by nobody else.
      if (item?.attachment) removeAttachment(item.attachment.id).catch(() => undefined);
    },
    [files],
  );

  const clear = useCallback(() => setFiles([]), []);

  const ids = files.flatMap((f) => (f.attachment ? [f.attachment.id] : []));
  const ready = files.length > 0 && files.every((f) => f.status === 'done');
  return { files, add, retry, remove, clear, ids, ready };
}
