import { AppError, endpointPath, attachmentEndpoints, type Media } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { CarrierError } from '../../carriers/messaging/messaging-carrier';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import { attachments } from '../../db/schema/attachments';
import { announceMessageUpdated, presentMessage, readMessageMedia, setMessageMedia } from '../messages/index';
import { holdsZipSignature, SNIFF_BYTES } from './attachment-bytes';
import { keepPicture } from './picture';
import { sniffAttachmentType } from './sniff-type';
import { CARRIER_MEDIA_MAX_BYTES } from '../../carriers/messaging/messaging-carrier';

/** How many times the job tries a media the carrier could not hand over for now (temporary, rate-limited). */
export const INBOUND_MEDIA_ATTEMPTS = 6;
/** The wait before the second attempt (s); doubled at each one after (30 s, 1, 2, 4, 8 min: about a quarter of an hour). */
export const INBOUND_MEDIA_FIRST_RETRY_S = 30;

/** What one run did: media kept, media marked unavailable, and whether another attempt is due. */
export type InboundMediaOutcome = { kept: number; unavailable: number; retry: boolean };

type Row = typeof attachments.$inferInsert;
type Result =
  { index: number; media: Media; rows: Row[]; keys: string[] } | { index: number; unavailable: true };

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A name for a received file (carriers send none): `picture-2.jpg`, `file-1.mp4`. */
function receivedName(kind: string, contentType: string, index: number): string {
  const extension = EXTENSIONS[contentType] ?? contentType.split('/')[1]?.replace(/[^a-z0-9]/g, '') ?? 'bin';
  return `${kind === 'image' ? 'picture' : 'file'}-${index + 1}.${extension}`;
}

/**
 * One fetched media → stored files and the row that names them (not written yet). Its type is
 * sniffed (the carrier's is a hint); a picture is re-encoded without its metadata, kept up to the
 * carrier's limit, and given a thumbnail, like an upload; a PDF holding a ZIP archive is refused.
 * @throws AppError `file-unexpected` (another type, unreadable), `image-too-large`.
 */
async function storeFetched(
  deps: Pick<AppDeps, 'storage'>,
  organizationId: string,
  messageId: string,
  index: number,
  bytes: Buffer,
): Promise<{ row: Row; keys: string[] }> {
  const { contentType, kind } = await sniffAttachmentType(bytes.subarray(0, SNIFF_BYTES), '');
  if (kind === 'pdf' && holdsZipSignature(bytes))
    throw new AppError('file-unexpected', 'A PDF that is also an archive');
  const storageKey = newOrganizationFileKey(organizationId, 'attachments');
  const keys = [storageKey];
  const base = { organizationId, messageId, attachedAt: new Date(), kind, storageKey };
  if (kind !== 'image') {
    await deps.storage.put(storageKey, bytes, { contentType, contentLength: bytes.length });
    const name = receivedName(kind, contentType, index);
    return { row: { ...base, name, contentType, size: bytes.length }, keys };
  }
  const picture = await keepPicture(bytes, contentType, CARRIER_MEDIA_MAX_BYTES);
  const thumbnailKey = `${storageKey}.thumbnail`;
  keys.push(thumbnailKey);
  await deps.storage.put(storageKey, picture.content, {
    contentType: picture.contentType,
    contentLength: picture.content.length,
  });
  await deps.storage.put(thumbnailKey, picture.thumbnail, {
    contentType: 'image/webp',
    contentLength: picture.thumbnail.length,
  });
  const { content, thumbnail: _thumbnail, ...kept } = picture;
  const name = receivedName(kind, picture.contentType, index);
  return { row: { ...base, ...kept, name, size: content.length, thumbnailKey }, keys };
}

/** A temporary failure, worth another attempt later; anything else will not get better. */
function worthRetrying(error: unknown): boolean {
  return error instanceof CarrierError && (error.kind === 'temporary' || error.kind === 'rate-limited');
}

/**
 * The inbound-media job's work for one message (docs/behaviour/attachments.md, "Inbound
 * media"): each media still `pending` (a carrier's address) is fetched from the carrier that
 * brought the text (`fetchMedia`: Twilio with the account's credentials), sniffed, re-encoded
 * like an upload and stored through the storage carrier; the message's media then name the
 * attachments (never the carrier's address) in one transaction with their rows, and
 * `message:updated` is announced. A media the carrier has not (404), refuses for good, or that
 * is not an accepted file becomes `unavailable`; a temporary failure leaves it pending and asks
 * for another attempt (`retry`), up to `INBOUND_MEDIA_ATTEMPTS`, after which it is unavailable
 * too. The text itself was stored before and is never touched. Files of a message deleted
 * meanwhile are deleted again.
 */
export async function keepInboundMedia(
  deps: AppDeps,
  payload: { organizationId: string; messageId: string; attempt: number },
): Promise<InboundMediaOutcome> {
  const found = await readMessageMedia(deps.db, payload.messageId);
  const none = { kept: 0, unavailable: 0, retry: false };
  if (!found) return none;
  const carrier = deps.messaging.name === found.carrier ? deps.messaging : null;
  const lastAttempt = payload.attempt + 1 >= INBOUND_MEDIA_ATTEMPTS;
  const results: Result[] = [];
  let retry = false;
  for (const [index, media] of found.media.entries()) {
    if (media.attachmentId || media.unavailable) continue;
    try {
      const fetched = carrier?.fetchMedia ? await carrier.fetchMedia(media) : null;
      if (!fetched) {
        results.push({ index, unavailable: true });
        continue;
      }
      const { row, keys } = await storeFetched(
        deps,
        payload.organizationId,
        payload.messageId,
        index,
        fetched.bytes,
      );
      const id = crypto.randomUUID();
      results.push({
        index,
        keys,
        rows: [{ ...row, id }],
        media: {
          url: endpointPath(attachmentEndpoints.content, { id }),
          contentType: row.contentType,
          attachmentId: id,
          name: row.name,
          size: row.size,
          thumbnail: Boolean(row.thumbnailKey),
        },
      });
    } catch (error) {
      deps.log.warn(
        { err: error, messageId: payload.messageId, index },
        'An inbound media could not be kept',
      );
      if (worthRetrying(error) && !lastAttempt) retry = true;
      else results.push({ index, unavailable: true });
    }
  }
  if (results.length === 0) return { ...none, retry };
  const byIndex = new Map(results.map((r) => [r.index, r]));
  const written = await deps.db
    .transaction(async (tx) => {
      const rows = results.flatMap((r) => ('rows' in r ? r.rows : []));
      if (rows.length > 0) await tx.insert(attachments).values(rows);
      return setMessageMedia(tx, payload.messageId, (current) =>
        current.map((media, index) => {
          const result = byIndex.get(index);
          if (!result || media.attachmentId) return media;
          return 'media' in result ? result.media : { ...media, unavailable: true };
        }),
      );
    })
    .catch(async (error: unknown) => {
      await Promise.all(
        results.flatMap((r) => ('keys' in r ? r.keys : [])).map((key) => deleteStoredFile(deps, key)),
      );
      throw error;
    });
  if (!written) {
    // The message was deleted meanwhile (its rows with it): its files go too.
    await Promise.all(
      results.flatMap((r) => ('keys' in r ? r.keys : [])).map((key) => deleteStoredFile(deps, key)),
    );
    return none;
  }
  announceMessageUpdated(deps, written.teamId, presentMessage(written.row));
  const kept = results.filter((r) => 'media' in r).length;
  return { kept, unavailable: results.length - kept, retry };
}
