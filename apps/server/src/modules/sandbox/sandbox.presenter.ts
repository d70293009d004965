import type { SandboxMessage } from '@accueil/domain';
import type { sandboxMessages } from '../../db/schema/sandbox';

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
