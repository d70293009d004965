import { randomUUID } from 'node:crypto';
import { AppError, postImagePath, type PostImage } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError, type StoredFile } from '../../carriers/storage/storage-carrier';
import { organizationFileKey } from '../../carriers/storage/storage-key';
import type { RequestContext } from '../../http/request-context';
import { keepPicture, sniffAttachmentType } from '../attachments/index';
import { authorizePostWrite } from './library.policy';

/** The storage folder of an organisation's post pictures. */
const FOLDER = 'post-images';

const notAPicture = () =>
  new AppError(
    'file-unexpected',
    'Unexpected file: a post’s picture must be a JPEG, PNG, GIF, WebP or HEIC image',
  );

/**
 * POST /api/posts/images: keeps a picture for a post (docs/behaviour/library.md, "Pictures"). The
 * type is sniffed from the bytes (file-type, as for attachments), never from the name: anything
 * but a picture is refused. The picture is re-encoded without its metadata and shrunk to fit
 * 200 kB (`keepPicture`, the attachments' rule), then put in the storage carrier under
 * `org/<organizationId>/post-images/<new uuid>`. Answers the path it is served at.
 * @throws AppError `forbidden` (not marketing), `file-unexpected` (not a picture, unreadable),
 *   `image-too-large`; CarrierError when the store fails.
 */
export async function uploadPostImage(
  deps: Pick<AppDeps, 'storage'>,
  ctx: RequestContext,
  input: { content: Buffer; name: string },
): Promise<PostImage> {
  authorizePostWrite(ctx);
  const sniffed = await sniffAttachmentType(input.content.subarray(0, 4100), input.name).catch(() => {
    throw notAPicture();
  });
  if (sniffed.kind !== 'image') throw notAPicture();
  const picture = await keepPicture(input.content, sniffed.contentType);
  const imageId = randomUUID();
  await deps.storage.put(organizationFileKey(ctx.organizationId, FOLDER, imageId), picture.content, {
    contentType: picture.contentType,
    contentLength: picture.content.length,
  });
  return { url: postImagePath(ctx.organizationId, imageId), width: picture.width, height: picture.height };
}

/**
 * GET /api/public/post-images/:clinicId/:imageId: a post's picture, without sign-in (a public
 * page shows it). The key is built from two checked uuids under the pictures' folder only, so
 * no other file can be named; the image id is random (122 bits), so a picture is found only
 * through the post that names it.
 * @throws AppError `not-found`; CarrierError when the store fails.
 */
export async function readPostImage(
  deps: Pick<AppDeps, 'storage'>,
  params: { clinicId: string; imageId: string },
): Promise<StoredFile> {
  try {
    return await deps.storage.get(organizationFileKey(params.clinicId, FOLDER, params.imageId));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw new AppError('not-found', 'No such picture');
    throw error;
  }
}
