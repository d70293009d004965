import { sandboxEndpoints, type SandboxDirectory, type SandboxMessage } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** Query keys of the phone simulator. */
export const sandboxKeys = {
  directory: () => ['sandbox', 'directory'] as const,
  messages: (number: string) => ['sandbox', 'messages', number] as const,
};

/** GET /api/sandbox/directory — team numbers and demo contacts to pick (no sign-in). */
export function fetchDirectory(signal?: AbortSignal): Promise<SandboxDirectory> {
  return api.call(sandboxEndpoints.directory, { signal });
}

/** GET /api/sandbox/messages?number= — every text to or from that simulated phone, oldest first. */
export async function fetchPhoneMessages(number: string, signal?: AbortSignal): Promise<SandboxMessage[]> {
  const page = await api.call(sandboxEndpoints.phoneMessages, { query: { number }, signal });
  return page.items;
}

/** A picture as a simulated phone sends it: its type and its bytes in base64. */
export type PhonePicture = { contentType: string; data: string };

/** POST /api/sandbox/messages — the simulated phone `from` texts the team number `to`, with words, a picture or both. */
export function sendFromPhone(
  from: string,
  to: string,
  body: string,
  picture?: PhonePicture,
): Promise<SandboxMessage> {
  return api.call(sandboxEndpoints.textFromPhone, {
    body: { from, to, body, ...(picture ? { picture } : {}) },
  });
}

/** A picked or pasted file → the phone's picture (its bytes in base64, read in the browser). */
export async function readPhonePicture(file: Blob): Promise<PhonePicture> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { contentType: file.type || 'application/octet-stream', data: btoa(binary) };
}
