import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { SandboxNetwork } from '../../carriers/messaging/sandbox/sandbox-network';
import { sandboxMessages } from '../../db/schema/sandbox';
import { notifyPhone } from './notify-phone';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sandbox carrier's simulated telephone network over `sandbox_messages`: a text sent by
 * staff lands on the simulated phone (`to-phone`, `sent`, then `delivered`), and the phone
 * simulators watching that number are told (`notifyPhone`) after each committed change.
 * The sandbox vendor (carriers/messaging/sandbox/sandbox-vendor.ts) builds the carrier on it.
 */
export function createSandboxNetwork(deps: Pick<AppDeps, 'db' | 'realtime'>): SandboxNetwork {
  return {
    async deliverToPhone(text) {
      const [row] = await deps.db
        .insert(sandboxMessages)
        .values({
          from: text.from,
          to: text.to,
          body: text.body,
          media: text.media ?? [],
          direction: 'to-phone',
          status: 'sent',
        })
        .returning({ id: sandboxMessages.id });
      if (!row) throw new Error('sandbox_messages insert returned no row');
      notifyPhone(deps, text.to);
      return { id: row.id };
    },
    async markDelivered(ids) {
      if (ids.length === 0) return;
      const rows = await deps.db
        .update(sandboxMessages)
        .set({ status: 'delivered' })
        .where(inArray(sandboxMessages.id, [...ids]))
        .returning({ to: sandboxMessages.to });
      for (const to of new Set(rows.map((r) => r.to))) notifyPhone(deps, to);
    },
    async knows(id) {
      if (!UUID.test(id)) return false;
      const [row] = await deps.db
        .select({ id: sandboxMessages.id })
        .from(sandboxMessages)
        .where(eq(sandboxMessages.id, id));
      return row !== undefined;
    },
  };
}
