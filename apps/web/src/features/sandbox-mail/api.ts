import { sandboxMailEndpoints, type SandboxMail } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** GET /api/sandbox/mail — the newest mails the sandbox mailbox kept, newest first (no sign-in). */
export async function fetchSandboxMails(signal?: AbortSignal): Promise<SandboxMail[]> {
  return (await api.call(sandboxMailEndpoints.list, { query: {}, signal })).items;
}
