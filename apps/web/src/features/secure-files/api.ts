import {
  checkAttachmentFile,
  secureFileEndpoints,
  type AttachmentRefusal,
  type Message,
  type SecureFileSalutation,
} from '@accueil/domain';
import { ApiError, toApiError } from '../../lib/api';
import { api } from '../../lib/endpoint-client';
import { xhrUpload, type UploadProgress } from '../conversations/attachments/api';

/** The link's token of the page's address (`?token=`), or null. */
export function tokenOfLocation(search: string): string | null {
  return new URLSearchParams(search).get('token');
}

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''…` first, then `filename=`). */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return 'file';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]! : 'file';
}

/**
 * POST /api/secure-files/open (`/secure`, no session): the file the link's `token` and `code`
 * release, as bytes with its name (docs/behaviour/secure-files.md).
 * @throws ApiError `secure-file-unavailable` (every failure alike), `too-many-requests`, `network`.
 */
export async function openSecureFile(token: string, code: string): Promise<{ blob: Blob; name: string }> {
  const res = await fetch(secureFileEndpoints.open.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: '*/*' },
    body: JSON.stringify({ token, code }),
  }).catch(() => {
    throw new ApiError(0, 'network');
  });
  if (!res.ok) throw toApiError({ status: res.status, headers: res.headers, text: await res.text() });
  return { blob: await res.blob(), name: fileNameOf(res.headers.get('content-disposition')) };
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why `file` cannot be sent at all (the attachments' rules, on the browser's type and size), or null. */
export function fileRefusal(file: File): AttachmentRefusal | null {
  return checkAttachmentFile({ contentType: file.type, size: file.size });
}

/**
 * POST /api/secure-files/upload (`/send-file`, no session): sends the clinic `file` for the
 * link's `token` and `code` (multipart: the fields first, then the file), reporting progress.
 * @throws ApiError `secure-file-unavailable`, the attachments' refusals, `too-many-requests`.
 */
export async function sendFileBack(
  token: string,
  code: string,
  file: File,
  onProgress: UploadProgress,
): Promise<{ name: string; size: number }> {
  const form = new FormData();
  form.append('token', token);
  form.append('code', code);
  form.append('file', file, file.name || 'file');
  const query = new URLSearchParams({ size: String(file.size) });
  const res = await xhrUpload(
    `${secureFileEndpoints.upload.path}?${query.toString()}`,
    form,
    null,
    onProgress,
  );
  if (res.status !== 201) throw toApiError(res);
  return JSON.parse(res.text) as { name: string; size: number };
}

/** POST /api/conversations/:id/secure-files: sends the contact the uploaded file `attachmentId` by secure link and code. */
export function sendSecureFile(
  conversationId: string,
  attachmentId: string,
  salutation: SecureFileSalutation,
): Promise<Message> {
  return api.call(secureFileEndpoints.send, {
    params: { id: conversationId },
    body: { attachmentId, salutation },
  });
}

/** POST /api/conversations/:id/secure-file-requests: sends the contact a link to send one file back. */
export function requestSecureFile(
  conversationId: string,
  salutation: SecureFileSalutation,
): Promise<Message> {
  return api.call(secureFileEndpoints.request, { params: { id: conversationId }, body: { salutation } });
}
