import type { SandboxMail, SandboxMessage } from '@accueil/domain';
import type { sandboxMails, sandboxMessages } from '../../db/schema/sandbox';

export type SandboxMessageRow = typeof sandboxMessages.$inferSelect;

/** A `sandbox_messages` row → the API's `SandboxMessage` (dates as ISO strings). */
export function presentSandboxMessage(row: SandboxMessageRow): SandboxMessage {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    body: row.body,
    direction: row.direction === 'from-phone' ? 'from-phone' : 'to-phone',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SandboxMailRow = typeof sandboxMails.$inferSelect;

/** A `sandbox_mails` row → the API's `SandboxMail` (dates as ISO strings). */
export function presentSandboxMail(row: SandboxMailRow): SandboxMail {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
