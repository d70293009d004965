import { AppError, attachmentKindOf, type AttachmentKind } from '@accueil/domain';
import { fileTypeFromBuffer } from 'file-type';

// file-type's names for the types the rules name otherwise.
const ALIASES: Record<string, string> = {
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-m4a': 'audio/mp4',
  'audio/opus': 'audio/ogg',
  'video/x-m4v': 'video/mp4',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
};

// The extensions of each accepted type: a name ending in one of another type's is refused.
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heic', 'heif'],
  'application/pdf': ['pdf'],
  'audio/mpeg': ['mp3'],
  'audio/mp4': ['m4a', 'mp4', 'aac'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/wav': ['wav'],
  'audio/amr': ['amr'],
  'audio/3gpp': ['3gp', '3gpp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/3gpp': ['3gp', '3gpp'],
  'video/quicktime': ['mov', 'qt'],
  'video/webm': ['webm'],
};
// Extensions of types never accepted: naming one is a mismatch whatever the content.
const KNOWN_ELSEWHERE = ['svg', 'svgz', 'html', 'htm', 'xhtml', 'js', 'mjs', 'exe', 'zip', 'jar', 'xml'];

const unexpected = (why: string) => new AppError('file-unexpected', `Unexpected file: ${why}`);

/**
 * The media type and class of an upload, from its first bytes (file-type), never from its name
 * or what the browser said. Text formats (HTML, SVG, scripts) have no signature and are refused;
 * so is a name whose extension belongs to another type (content that does not match its name).
 * A name with no extension, or one nobody knows (a pasted `image`), passes.
 * @throws AppError `file-unexpected`.
 */
export async function sniffAttachmentType(
  head: Buffer,
  name: string,
): Promise<{ contentType: string; kind: AttachmentKind }> {
  const sniffed = await fileTypeFromBuffer(head);
  const contentType = sniffed ? (ALIASES[sniffed.mime] ?? sniffed.mime) : null;
  const kind = contentType ? attachmentKindOf(contentType) : null;
  if (!contentType || !kind) throw unexpected('this type of file cannot be sent');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const known = Object.values(EXTENSIONS).some((list) => list.includes(extension));
  if ((known || KNOWN_ELSEWHERE.includes(extension)) && !(EXTENSIONS[contentType] ?? []).includes(extension))
    throw unexpected(`the content is ${contentType}, not what its name says`);
  return { contentType, kind };
}
