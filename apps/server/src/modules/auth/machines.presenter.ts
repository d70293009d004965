import type { AllowedMachine } from '@accueil/domain';
import type { allowedMachines } from '../../db/schema/sign-in';

/** A row of the allowlist as the API shows it; `current` when it is the asking machine. */
export function presentMachine(
  row: typeof allowedMachines.$inferSelect,
  names: Map<string, string>,
  currentDeviceId: string | null,
): AllowedMachine {
  return {
    id: row.id,
    name: row.name,
    userAgent: row.userAgent,
    lastUserName: row.lastUserId ? (names.get(row.lastUserId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: currentDeviceId !== null && row.deviceId === currentDeviceId,
  };
}
