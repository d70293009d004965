import { AppError, SUPPORT_SCREENSHOT_MEDIA_TYPES } from '@accueil/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { MailAttachment } from '../../carriers/email/email-carrier';

/** Largest image a screenshot may decode to (pixels): refuses decompression bombs before they fill memory. */
const SCREENSHOT_MAX_INPUT_PIXELS = 40_000_000;

/**
 * An SVG document by its start: an optional byte-order mark, XML declaration, comments and
 * doctype, then the `<svg` element. file-type does not name SVG (it is text; at most XML), so this
 * is how it is recognised; anything else that is not PNG or JPEG is refused.
 */
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

/**
 * The support request's screenshot as it is mailed (spec: png, jpeg or svg). The type is sniffed
 * from the content, never taken from the name or the browser. A PNG or JPEG is decoded and
 * encoded again in its own type (metadata such as GPS dropped, a decompression bomb refused);
 * an SVG is drawn into a PNG (librsvg through sharp: scripts never run and the support address
 * never receives active content).
 * @throws AppError 'unsupported-media-type' (415) for another type, or an image that does not decode.
 */
export async function supportScreenshotAttachment(file: Buffer): Promise<MailAttachment> {
  const sniffed = (await fileTypeFromBuffer(file))?.mime;
  const type: (typeof SUPPORT_SCREENSHOT_MEDIA_TYPES)[number] | undefined =
    sniffed === 'image/png' || sniffed === 'image/jpeg'
      ? sniffed
      : (sniffed === undefined || sniffed === 'application/xml') &&
          SVG_START.test(file.subarray(0, 4096).toString('utf8'))
        ? 'image/svg+xml'
        : undefined;
  if (!type) throw new AppError('unsupported-media-type', 'The screenshot must be a PNG, JPEG or SVG image');
  // Imported here, not at start: its native library adds a few tenths of a second to every start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(file, { limitInputPixels: SCREENSHOT_MAX_INPUT_PIXELS });
    const content =
      type === 'image/jpeg'
        ? await image.rotate().jpeg({ quality: 90 }).toBuffer()
        : await image.png().toBuffer();
    return type === 'image/jpeg'
      ? { filename: 'capture.jpg', contentType: 'image/jpeg', content }
      : { filename: 'capture.png', contentType: 'image/png', content };
  } catch {
    throw new AppError('unsupported-media-type', 'The screenshot could not be read as an image');
  }
}
