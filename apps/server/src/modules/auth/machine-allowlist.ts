import { AppError, type MachineMode, machineModeSchema } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { allowedMachines, signInSettings } from '../../db/schema/sign-in';
import { recordEvent } from '../../events/record-event';

/** The organisation's machine restriction mode (`disabled` until an administrator changes it), as stored. */
export async function machineModeOf(db: DbOrTx, organizationId: string): Promise<MachineMode> {
  const [row] = await db
    .select({ mode: signInSettings.machineMode })
    .from(signInSettings)
    .where(eq(signInSettings.organizationId, organizationId));
  return machineModeSchema.catch('disabled').parse(row?.mode ?? 'disabled');
}

/**
 * The machine gate of a sign-in (docs/behaviour/sessions.md, "Machines"), after the password
 * or passkey was verified and before the session opens (the Organisation tab's "office only"
 * option is this mode's `enabled`: docs/behaviour/sign-in-security.md):
 *  - `exempt` (administrators): never refused; in setup mode their machine joins the list too;
 *  - `disabled`: any machine;
 *  - `setup`: any machine, added to the allowlist (audited `machine.allowed`) or its last use updated;
 *  - `enabled`: only a machine of the allowlist (its last use updated).
 * @throws AppError `machine-not-allowed` (403) in `enabled` mode for a machine not on the list.
 */
export async function gateMachine(
  tx: Tx,
  input: {
    organizationId: string;
    userId: string;
    deviceId: string;
    userAgent: string | null;
    exempt: boolean;
    now: Date;
  },
): Promise<void> {
  const mode = await machineModeOf(tx, input.organizationId);
  if (mode === 'disabled') return;
  const seen = { lastSeenAt: input.now, lastUserId: input.userId, userAgent: input.userAgent };
  if (mode === 'setup') {
    const [added] = await tx
      .insert(allowedMachines)
      .values({
        organizationId: input.organizationId,
        deviceId: input.deviceId,
        createdAt: input.now,
        ...seen,
      })
      .onConflictDoNothing({ target: [allowedMachines.organizationId, allowedMachines.deviceId] })
      .returning({ id: allowedMachines.id });
    if (added) {
      await recordEvent(tx, {
        name: 'machine.allowed',
        organizationId: input.organizationId,
        actorUserId: input.userId,
        payload: { machineId: added.id, userAgent: input.userAgent },
        occurredAt: input.now,
      });
    } else {
      await tx
        .update(allowedMachines)
        .set(seen)
        .where(
          and(
            eq(allowedMachines.organizationId, input.organizationId),
            eq(allowedMachines.deviceId, input.deviceId),
          ),
        );
    }
    return;
  }
  const updated = await tx
    .update(allowedMachines)
    .set(seen)
    .where(
      and(
        eq(allowedMachines.organizationId, input.organizationId),
        eq(allowedMachines.deviceId, input.deviceId),
      ),
    )
    .returning({ id: allowedMachines.id });
  if (updated.length === 0 && !input.exempt) {
    throw new AppError(
      'machine-not-allowed',
      'This computer is not allowed to sign in. Ask an administrator.',
    );
  }
}

/** Sets the organisation's machine restriction mode. */
export async function writeMachineMode(
  tx: DbOrTx,
  organizationId: string,
  mode: MachineMode,
  now: Date,
): Promise<void> {
  await tx
    .insert(signInSettings)
    .values({ organizationId, machineMode: mode, updatedAt: now })
    .onConflictDoUpdate({
      target: signInSettings.organizationId,
      set: { machineMode: mode, updatedAt: sql`excluded.updated_at` },
    });
}
