import type { PresenceStatus } from '@accueil/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';

/**
 * A user's first browser connected (docs/behaviour/realtime.md, "Presence"): offline becomes
 * online; a status they chose (away, busy) is kept. Returns the new status when it changed, else
 * null. Run in the user's organisation (row-level security).
 */
export async function markUserConnected(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<PresenceStatus | null> {
  const changed = await deps.db
    .update(users)
    .set({ status: 'online' })
    .where(and(eq(users.id, userId), eq(users.status, 'offline')))
    .returning({ id: users.id });
  return changed.length > 0 ? 'online' : null;
}

/**
 * The user's last browser left (after the grace period) or they signed out: whatever they were
 * becomes offline. Returns 'offline' when it changed, else null (already offline).
 */
export async function markUserDisconnected(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<PresenceStatus | null> {
  const changed = await deps.db
    .update(users)
    .set({ status: 'offline' })
    .where(and(eq(users.id, userId), ne(users.status, 'offline')))
    .returning({ id: users.id });
  return changed.length > 0 ? 'offline' : null;
}

/**
 * Every user not offline, of every organisation (run with the `maintenance-job` access), or of
 * `organizationIds` only: those the presence sweep checks against the browsers connected
 * (docs/behaviour/realtime.md, "Presence").
 */
export async function listUsersNotOffline(
  deps: Pick<AppDeps, 'db'>,
  organizationIds?: readonly string[],
): Promise<{ id: string; organizationId: string }[]> {
  const notOffline = ne(users.status, 'offline');
  return deps.db
    .select({ id: users.id, organizationId: users.organizationId })
    .from(users)
    .where(
      organizationIds ? and(notOffline, inArray(users.organizationId, [...organizationIds])) : notOffline,
    );
}

/** What inbound call routing reads of a user (`canTakeInboundCall`'s inputs but being on a call). */
export type CallTakerFacts = {
  id: string;
  disabled: boolean;
  allowIncomingCalls: boolean;
  status: PresenceStatus;
};

/**
 * The users of `userIds` in the organisation with what decides whether an inbound call rings them:
 * disabled, their "take incoming calls" setting, their presence. Ids of another organisation are left out.
 */
export async function listCallTakerFacts(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; userIds: readonly string[] },
): Promise<CallTakerFacts[]> {
  if (input.userIds.length === 0) return [];
  const rows = await deps.db
    .select({ id: users.id, disabledAt: users.disabledAt, settings: users.settings, status: users.status })
    .from(users)
    .where(and(eq(users.organizationId, input.organizationId), inArray(users.id, [...input.userIds])));
  return rows.map((r) => ({
    id: r.id,
    disabled: r.disabledAt !== null,
    allowIncomingCalls: r.settings.allowIncomingCalls !== false,
    status: r.status as PresenceStatus,
  }));
}
