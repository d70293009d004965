import { AppError, LOGO_MEDIA_TYPES, LOGO_SIZE_PX, type OrganizationSettings } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import { organizationLogos, organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from './get-organization-settings';
import { organizationNotFound } from './organizations.policy';

/** Largest image a logo may decode to (pixels): refuses decompression bombs before they fill memory. */
const LOGO_MAX_INPUT_PIXELS = 40_000_000;
/** The media type logos are stored and served in. */
export const STORED_LOGO_MEDIA_TYPE = 'image/webp';

/**
 * Stores a new logo for the request's organisation (the caller checked the policy and the upload
 * size). The type is sniffed from the content, whatever the file's name or declared type says:
 * PNG, JPEG or WebP only (SVG is refused: it can carry scripts). The image is turned upright
 * (EXIF orientation), its metadata dropped, resized to fit `LOGO_SIZE_PX` square without
 * enlarging, and kept as WebP in the storage carrier under a new key (put first, then the row
 * names it; the previous logo's file is deleted after the commit); the audit log records
 * `organization.settings-changed` (field `logo`) from the domain event recorded in the same
 * transaction. Returns the settings
 * with the new logo URL.
 * @throws AppError 'unsupported-media-type' (415) for another type or an image that does not decode;
 * CarrierError when the store fails (nothing changed).
 */
export async function uploadOrganizationLogo(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'realtime' | 'jobs'>,
  ctx: RequestContext,
  file: Buffer,
): Promise<OrganizationSettings> {
  const type = await fileTypeFromBuffer(file);
  if (!type || !(LOGO_MEDIA_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError('unsupported-media-type', 'The logo must be a PNG, JPEG or WebP image');
  }
  // Imported here, not at start: its native library adds a few tenths of a second to every start.
  const { default: sharp } = await import('sharp');
  let content: Buffer;
  try {
    content = await sharp(file, { limitInputPixels: LOGO_MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: LOGO_SIZE_PX, height: LOGO_SIZE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('unsupported-media-type', 'The logo image could not be read');
  }
  const now = new Date();
  const storageKey = newOrganizationFileKey(ctx.organizationId, 'logos');
  await deps.storage.put(storageKey, content, {
    contentType: STORED_LOGO_MEDIA_TYPE,
    contentLength: content.length,
  });
  const logo = {
    mediaType: STORED_LOGO_MEDIA_TYPE,
    storageKey,
    size: content.length,
    content: null,
    updatedAt: now,
  };
  const previousKey = await transactionWithEvents(deps, async (tx) => {
    const updated = await tx
      .update(organizations)
      .set({ logoUpdatedAt: now })
      .where(eq(organizations.id, ctx.organizationId))
      .returning({ id: organizations.id });
    if (updated.length === 0) throw organizationNotFound();
    const [previous] = await tx
      .select({ storageKey: organizationLogos.storageKey })
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, ctx.organizationId))
      .for('update');
    await tx
      .insert(organizationLogos)
      .values({ organizationId: ctx.organizationId, ...logo })
      .onConflictDoUpdate({ target: organizationLogos.organizationId, set: logo });
    await recordEvent(tx, {
      name: 'organization.settings-changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { fields: ['logo'] },
    });
    return previous?.storageKey;
  }).catch(async (error: unknown) => {
    await deleteStoredFile(deps, storageKey);
    throw error;
  });
  await deleteStoredFile(deps, previousKey);
  return (await getOrganizationSettings(deps, ctx.organizationId))!;
}
