import { ATTACHMENT_IMAGE_MAX_BYTES, ATTACHMENT_MAX_INPUT_PIXELS, AppError } from '@accueil/domain';
import type { Sharp } from 'sharp';

/** A picture as kept: re-encoded without metadata, its pixels, and a WebP thumbnail. */
export type KeptPicture = {
  content: Buffer;
  contentType: string;
  width: number;
  height: number;
  /** The picture was shrunk (fewer pixels or a lower quality) to fit `ATTACHMENT_IMAGE_MAX_BYTES`. */
  resized: boolean;
  thumbnail: Buffer;
};

/** A thumbnail's longest side in pixels. */
export const THUMBNAIL_MAX_PX = 320;
/** Successive attempts at fitting a picture under the limit, each 3/4 of the previous width. */
const FIT_ATTEMPTS = 8;

const unreadable = () =>
  new AppError('file-unexpected', 'The picture could not be read, or decodes to too many pixels');

/**
 * A HEIC/HEIF picture (iPhones) decoded to raw RGBA, its pixel count checked before it is
 * decoded (a decompression bomb is refused unread): sharp's prebuilt library reads no HEVC.
 */
async function decodeHeic(input: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { all } = (await import('heic-decode')).default;
  const images = await all({ buffer: input }).catch(() => {
    throw unreadable();
  });
  try {
    const first = images[0];
    if (!first || first.width * first.height > ATTACHMENT_MAX_INPUT_PIXELS) throw unreadable();
    const { data, width, height } = await first.decode();
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}

/**
 * Re-encodes a picture that leaves the clinic: EXIF, GPS and every other metadata dropped (sharp
 * keeps none unless asked), turned upright by its EXIF orientation first; HEIC becomes JPEG.
 * When the result passes `maxBytes` (default `ATTACHMENT_IMAGE_MAX_BYTES`, an MMS's picture; an
 * inbound picture is kept up to the carrier's own limit) (the caller let a larger picture in only
 * with the user's agreement, or re-encoding grew a small one) it is shrunk, JPEG (GIF stays GIF),
 * 3/4 of the width at each attempt, until it fits. A picture that decodes to more than
 * `ATTACHMENT_MAX_INPUT_PIXELS` is refused unread (a decompression bomb).
 * @throws AppError `file-unexpected` (unreadable, too many pixels), `image-too-large` (cannot fit).
 */
export async function keepPicture(
  input: Buffer,
  contentType: string,
  maxBytes: number = ATTACHMENT_IMAGE_MAX_BYTES,
): Promise<KeptPicture> {
  // Imported here, not at start: its native library adds a few tenths of a second to every start.
  const { default: sharp } = await import('sharp');
  const limitInputPixels = ATTACHMENT_MAX_INPUT_PIXELS;
  const heic = contentType === 'image/heic' || contentType === 'image/heif';
  const animated = contentType === 'image/gif';
  const open = async (): Promise<Sharp> => {
    if (!heic) return sharp(input, { limitInputPixels, failOn: 'error', animated });
    const raw = await decodeHeic(input);
    return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  };
  try {
    const source = heic ? sharp(await (await open()).jpeg().toBuffer()) : await open();
    const meta = await source.metadata();
    if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > limitInputPixels) throw unreadable();
    const format = heic ? 'jpeg' : (meta.format as 'jpeg' | 'png' | 'gif' | 'webp');
    const encode = (s: Sharp, as: typeof format, quality: number) =>
      as === 'jpeg'
        ? s.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true })
        : as === 'png'
          ? s.png({ compressionLevel: 9 })
          : as === 'gif'
            ? s.gif()
            : s.webp({ quality });
    let out = await encode(source.clone().rotate(), format, 85).toBuffer({ resolveWithObject: true });
    let resized = false;
    let width = out.info.width;
    for (let attempt = 0; out.data.length > maxBytes && attempt < FIT_ATTEMPTS; attempt++) {
      resized = true;
      width = Math.max(1, Math.floor(width * 0.75));
      const shrunk = source.clone().rotate().resize({ width, withoutEnlargement: true });
      out = await encode(shrunk, format === 'gif' ? 'gif' : 'jpeg', 75).toBuffer({
        resolveWithObject: true,
      });
    }
    if (out.data.length > maxBytes)
      throw new AppError('image-too-large', 'Image size must not exceed 200 kilobytes.');
    const thumbnail = await sharp(out.data, { limitInputPixels })
      .resize({ width: THUMBNAIL_MAX_PX, height: THUMBNAIL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    const keptFormat = resized && format !== 'gif' ? 'jpeg' : format;
    return {
      content: out.data,
      contentType: `image/${keptFormat}`,
      width: out.info.width,
      height: out.info.pageHeight ?? out.info.height,
      resized,
      thumbnail,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
