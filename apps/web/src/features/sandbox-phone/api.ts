import type { SandboxDirectory, SandboxMessage } from '@accueil/domain';
import { apiRequest } from '../../lib/api';

/** Query keys of the phone simulator. */
export const sandboxKeys = {
  directory: () => ['sandbox', 'directory'] as const,
  messages: (number: string) => ['sandbox', 'messages', number] as const,
};

/** GET /api/sandbox/directory — team numbers and demo contacts to pick (no sign-in). */
export function fetchDirectory(signal?: AbortSignal): Promise<SandboxDirectory> {
  return apiRequest<SandboxDirectory>('GET', 'sandbox/directory', { signal });
}

/** GET /api/sandbox/messages?number= — every text to or from that simulated phone, oldest first. */
export async function fetchPhoneMessages(number: string, signal?: AbortSignal): Promise<SandboxMessage[]> {
  const page = await apiRequest<{ items: SandboxMessage[] }>('GET', 'sandbox/messages', {
    query: { number },
    signal,
  });
  return page.items;
}

/** POST /api/sandbox/messages — the simulated phone `from` texts the team number `to`. */
export function sendFromPhone(from: string, to: string, body: string): Promise<SandboxMessage> {
  return apiRequest<SandboxMessage>('POST', 'sandbox/messages', { body: { from, to, body } });
}
