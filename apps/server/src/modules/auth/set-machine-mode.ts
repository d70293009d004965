import type { MachineList, MachineMode } from '@accueil/domain';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { setOfficeOnly } from '../organizations/index';
import { listMachines } from './list-machines';
import { writeMachineMode } from './machine-allowlist';
import { authorizeSignInRestrictions } from './sign-in-security.policy';

/**
 * PUT /api/auth/machines/mode `{ mode }` (administrators): `disabled`, `setup` (each machine
 * that signs in joins the allowlist) or `enabled` (only allowlisted machines sign in, except
 * administrators'). The organisation's option "office only" follows (true exactly in `enabled`).
 * Answers the list as GET does. Audited (`organization.settings-changed`,
 * field `machineMode`) from the domain event recorded in the same transaction.
 * @throws AppError `forbidden` (403) for a non-administrator.
 */
export async function setMachineMode(
  deps: AppDeps,
  ctx: RequestContext,
  mode: MachineMode,
  currentDeviceId: string | null,
): Promise<MachineList> {
  authorizeSignInRestrictions(ctx);
  await transactionWithEvents(deps, async (tx) => {
    await writeMachineMode(tx, ctx.organizationId, mode, new Date());
    await setOfficeOnly(tx, ctx.organizationId, mode === 'enabled');
    await recordEvent(tx, {
      name: 'organization.settings-changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { fields: ['machineMode'] },
    });
  });
  return listMachines(deps, ctx, currentDeviceId);
}
