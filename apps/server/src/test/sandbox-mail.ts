// Reading the sandbox mailbox in API tests: the mails an address received, a set-password link in one.
import type { SandboxMail } from '@accueil/domain';
import { vi } from 'vitest';
import type { AppInstance } from '../http/types';

/** The mails the sandbox mailbox kept for `to`, newest first (GET /api/sandbox/mail). */
export async function mailsTo(app: AppInstance, to: string): Promise<SandboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/sandbox/mail', query: { to } });
  return res.json<{ items: SandboxMail[] }>().items;
}

/** Waits until `to` has received `count` mails (the reset mails leave after the answer); returns the newest. */
export async function waitForMail(app: AppInstance, to: string, count = 1): Promise<SandboxMail> {
  return vi.waitFor(
    async () => {
      const mails = await mailsTo(app, to);
      if (mails.length < count) throw new Error(`${to} has ${mails.length} mails, waiting for ${count}`);
      return mails[0]!;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The secret of the set-password link in a mail's text part. */
export function tokenOf(mail: SandboxMail): string {
  const match = /\/password-reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no set-password link in: ${mail.text}`);
  return match[1]!;
}
