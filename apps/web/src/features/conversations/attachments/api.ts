import type { Attachment } from '@accueil/domain';
import { apiRequest, refreshAccessToken, toApiError, ApiError } from '../../../lib/api';
import { getAccessToken } from '../../../lib/session-store';

/** What an upload reports as it goes: the fraction of the file sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/** One XHR upload (fetch reports no upload progress); answers its status, headers and body text. */
export function xhrUpload(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        headers: new Headers({ 'retry-after': xhr.getResponseHeader('retry-after') ?? '' }),
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.onabort = () => reject(new ApiError(0, 'network'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * POST /api/attachments: uploads `file` for the message being composed, reporting its progress
 * (docs/behaviour/attachments.md). `resize`: the user agreed that a picture over 200 KB be
 * shrunk to fit. A 401 refreshes the session once and tries again, as the API client does.
 * @throws ApiError with the server's code (`image-too-large`, `file-unexpected`, …).
 */
export async function uploadAttachment(
  file: File,
  options: { resize: boolean; onProgress: UploadProgress; signal?: AbortSignal },
): Promise<Attachment> {
  const query = new URLSearchParams({ size: String(file.size), resize: String(options.resize) });
  const url = `/api/attachments?${query.toString()}`;
  const form = () => {
    const data = new FormData();
    data.append('file', file, file.name || 'image');
    return data;
  };
  let res = await xhrUpload(url, form(), getAccessToken(), options.onProgress, options.signal);
  if (res.status === 401) {
    const token = await refreshAccessToken();
    res = await xhrUpload(url, form(), token, options.onProgress, options.signal);
  }
  if (res.status !== 201) throw toApiError(res);
  return JSON.parse(res.text) as Attachment;
}

/** DELETE /api/attachments/:id: takes back an upload not sent. */
export function removeAttachment(id: string): Promise<void> {
  return apiRequest<void>('DELETE', `attachments/${encodeURIComponent(id)}`);
}

/**
 * An attachment's bytes (`thumbnail`: a picture's WebP thumbnail), fetched with the session:
 * the routes need the bearer token, which an `<img src>` does not send.
 */
export function attachmentBlob(id: string, part: 'content' | 'thumbnail'): Promise<Blob> {
  return apiRequest<Blob>('GET', `attachments/${encodeURIComponent(id)}/${part}`, {
    responseType: 'blob',
    ...(part === 'content' ? { query: { disposition: 'inline' } } : {}),
  });
}
