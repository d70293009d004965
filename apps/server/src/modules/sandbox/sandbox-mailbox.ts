import { SANDBOX_MAIL_PAGE_SIZE, type SandboxMail } from '@accueil/domain';
import { desc, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import type { SandboxMailbox } from '../../carriers/email/sandbox/sandbox-email-carrier';
import { sandboxMails } from '../../db/schema/sandbox';
import { presentSandboxMail } from './sandbox.presenter';

/** The sandbox e-mail carrier's mailbox over `sandbox_mails`: a kept mail is one row, seen by every server process. */
export function createSandboxMailbox(deps: Pick<CoreDeps, 'db'>): SandboxMailbox {
  return {
    async keep(mail) {
      const [row] = await deps.db
        .insert(sandboxMails)
        .values({ from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
        .returning({ id: sandboxMails.id });
      if (!row) throw new Error('sandbox_mails insert returned no row');
      return { id: row.id };
    },
  };
}

/**
 * GET /api/sandbox/mail?to=: the newest `SANDBOX_MAIL_PAGE_SIZE` mails kept by the sandbox,
 * newest first; only those to `to` (compared without case) when given.
 */
export async function listSandboxMails(
  deps: Pick<CoreDeps, 'db'>,
  input: { to?: string },
): Promise<SandboxMail[]> {
  const rows = await deps.db
    .select()
    .from(sandboxMails)
    .where(input.to ? sql`lower(${sandboxMails.to}) = ${input.to.toLowerCase()}` : undefined)
    .orderBy(desc(sandboxMails.createdAt), desc(sandboxMails.id))
    .limit(SANDBOX_MAIL_PAGE_SIZE);
  return rows.map(presentSandboxMail);
}
