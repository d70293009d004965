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

/** POST /api/sandbox/messages — the simulated phone `from` texts the team number `to`. */
export function sendFromPhone(from: string, to: string, body: string): Promise<SandboxMessage> {
  return api.call(sandboxEndpoints.textFromPhone, { body: { from, to, body } });
}
