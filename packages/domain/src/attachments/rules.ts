/**
 * Attachment rules shared by the server (which enforces them) and the web app (which checks them
 * before an upload): the spec's limits (conversations §5, organisation setup §9) and what a
 * message may carry. Sizes are in bytes and shown base 1000 (200 KB = 200,000 bytes), as the
 * spec's byte formatting asks. See docs/behaviour/attachments.md.
 */

/** An image goes in one message up to 200 KB (200,000 bytes); larger ones are resized on request. */
export const ATTACHMENT_IMAGE_MAX_BYTES = 200_000;
/** Other media (audio, video) up to 2 MB (2,000,000 bytes). */
export const ATTACHMENT_MEDIA_MAX_BYTES = 2_000_000;
/** A PDF must be under 600 KB: at most 599,999 bytes. */
export const ATTACHMENT_PDF_LIMIT_BYTES = 600_000;
/** The attachments of one message together up to 20 MB (20,000,000 bytes). */
export const ATTACHMENT_TOTAL_MAX_BYTES = 20_000_000;
/**
 * The largest picture accepted for a resize (the user agreed to it): the 20 MB of a whole
 * message. The server holds such a picture in memory while it decodes it.
 */
export const ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES = ATTACHMENT_TOTAL_MAX_BYTES;
/** Pixels a picture may decode to (width × height): 50 megapixels; more is taken for a decompression bomb. */
export const ATTACHMENT_MAX_INPUT_PIXELS = 50_000_000;
/** Attachments one message may carry (Twilio takes 10 media per MMS). */
export const ATTACHMENT_MAX_PER_MESSAGE = 10;
/** Uploads one user may make per minute (10 at once at most: a burst of 10 s worth). */
export const ATTACHMENT_UPLOADS_PER_USER_PER_MINUTE = 60;
/** A signed URL handed to a carrier for an MMS lives this long (1 hour, in seconds). */
export const ATTACHMENT_CARRIER_URL_TTL_S = 3600;
/** A file name is kept up to this many characters. */
export const ATTACHMENT_NAME_MAX_CHARS = 200;

/** The class of a file, which decides its limit: a picture, a PDF, or other media (audio, video). */
export type AttachmentKind = 'image' | 'pdf' | 'media';
export const ATTACHMENT_KINDS = ['image', 'pdf', 'media'] as const;

/**
 * The media types accepted, as sniffed from the content (never from the name or the browser),
 * by class. Pictures are re-encoded (metadata stripped); HEIC/HEIF pictures become JPEG.
 * Anything else (SVG, HTML, archives, office files) is refused as 'Unexpected file'.
 */
export const ATTACHMENT_TYPES: Record<AttachmentKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'],
  pdf: ['application/pdf'],
  media: [
    'audio/mpeg',
    'audio/mp4',
    'audio/ogg',
    'audio/wav',
    'audio/amr',
    'audio/3gpp',
    'video/mp4',
    'video/3gpp',
    'video/quicktime',
    'video/webm',
  ],
};

/** The class of a media type, or null when it is not accepted at all. */
export function attachmentKindOf(contentType: string): AttachmentKind | null {
  for (const kind of ATTACHMENT_KINDS) if (ATTACHMENT_TYPES[kind].includes(contentType)) return kind;
  return null;
}

/**
 * Why a file or a message's attachments are refused, one code per spec message:
 * - `image-too-large`: 'Image size must not exceed 200 kilobytes.'
 * - `file-too-large`: 'Your file must be 2 megabytes or less.'
 * - `pdf-too-large`: 'The PDF file must be less than 600 kilobytes.'
 * - `attachments-too-large`: 'The cumulative size of attachments must not exceed 20 megabytes.'
 * - `file-unexpected`: 'Unexpected file' (a type not accepted)
 * - `text-with-media`: text cannot be added to a multimedia message
 * - `document-with-attachment`: a document cannot be sent together with an attachment
 * - `too-many-attachments`: more than `ATTACHMENT_MAX_PER_MESSAGE`
 */
export type AttachmentRefusal =
  | 'image-too-large'
  | 'file-too-large'
  | 'pdf-too-large'
  | 'attachments-too-large'
  | 'file-unexpected'
  | 'text-with-media'
  | 'document-with-attachment'
  | 'too-many-attachments';

/** The largest size in bytes a file of `kind` may have (`resize`: the user agreed to shrink a picture). */
export function attachmentMaxBytes(kind: AttachmentKind, options: { resize?: boolean } = {}): number {
  switch (kind) {
    case 'image':
      return options.resize ? ATTACHMENT_RESIZABLE_IMAGE_MAX_BYTES : ATTACHMENT_IMAGE_MAX_BYTES;
    case 'pdf':
      return ATTACHMENT_PDF_LIMIT_BYTES - 1;
    case 'media':
      return ATTACHMENT_MEDIA_MAX_BYTES;
  }
}

/** The refusal a file over its class's limit gets. */
export function tooLargeRefusal(kind: AttachmentKind): AttachmentRefusal {
  return kind === 'image' ? 'image-too-large' : kind === 'pdf' ? 'pdf-too-large' : 'file-too-large';
}

/**
 * The refusal of one file of `size` bytes and media type `contentType`, or null when it may be
 * uploaded. A picture over 200 KB passes only with `resize` (it is then shrunk to fit).
 */
export function checkAttachmentFile(
  file: { contentType: string; size: number },
  options: { resize?: boolean } = {},
): AttachmentRefusal | null {
  const kind = attachmentKindOf(file.contentType);
  if (!kind) return 'file-unexpected';
  return file.size > attachmentMaxBytes(kind, options) ? tooLargeRefusal(kind) : null;
}

/**
 * The refusal of a message's content, or null: what the composer is about to send. `sizes` are
 * the attachments' sizes in bytes (as kept, after any resize); `text` the typed text;
 * `documents` the library documents joined. Text cannot be added to a multimedia message, a
 * document cannot go with an attachment, at most `ATTACHMENT_MAX_PER_MESSAGE` attachments of
 * at most 20 MB in all.
 */
export function checkMessageAttachments(message: {
  sizes: readonly number[];
  text?: string;
  documents?: number;
}): AttachmentRefusal | null {
  if (message.sizes.length === 0) return null;
  if ((message.documents ?? 0) > 0) return 'document-with-attachment';
  if (message.text !== undefined && message.text.trim() !== '') return 'text-with-media';
  if (message.sizes.length > ATTACHMENT_MAX_PER_MESSAGE) return 'too-many-attachments';
  const total = message.sizes.reduce((sum, size) => sum + size, 0);
  return total > ATTACHMENT_TOTAL_MAX_BYTES ? 'attachments-too-large' : null;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A size in bytes for people, base 1000 (the spec's byte formatting): 200000 → "200 kB" in
 * en-CA, "200 ko" in fr-CA (Intl's unit names), one decimal at most.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
