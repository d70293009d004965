import { useQuery } from '@tanstack/react-query';
import { fetchSandboxMails } from './api';

/** How often the mailbox looks for new mails (ms). */
export const SANDBOX_MAIL_POLL_MS = 3000;

/** Query keys of the sandbox mailbox. */
export const sandboxMailKeys = { all: ['sandbox', 'mail'] as const };

/** The sandbox mailbox's newest mails, newest first, read again every {@link SANDBOX_MAIL_POLL_MS}. */
export function useSandboxMails() {
  return useQuery({
    queryKey: sandboxMailKeys.all,
    queryFn: ({ signal }) => fetchSandboxMails(signal),
    refetchInterval: SANDBOX_MAIL_POLL_MS,
  });
}
