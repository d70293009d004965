import type { MachineList } from '@accueil/domain';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { allowedMachines } from '../../db/schema/sign-in';
import type { RequestContext } from '../../http/request-context';
import { userNamesOf } from '../users/index';
import { machineModeOf } from './machine-allowlist';
import { presentMachine } from './machines.presenter';
import { authorizeSignInRestrictions } from './sign-in-security.policy';

/**
 * GET /api/auth/machines (administrators): the organisation's machine mode and allowlist, most
 * recently seen first; `currentDeviceId` (the asking browser's device cookie) marks its own row.
 * @throws AppError `forbidden` (403) for a non-administrator.
 */
export async function listMachines(
  deps: AppDeps,
  ctx: RequestContext,
  currentDeviceId: string | null,
): Promise<MachineList> {
  authorizeSignInRestrictions(ctx);
  const mode = await machineModeOf(deps.db, ctx.organizationId);
  const rows = await deps.db
    .select()
    .from(allowedMachines)
    .where(eq(allowedMachines.organizationId, ctx.organizationId))
    .orderBy(desc(allowedMachines.lastSeenAt));
  const ids = [...new Set(rows.flatMap((r) => (r.lastUserId ? [r.lastUserId] : [])))];
  const names = await userNamesOf(deps, { organizationId: ctx.organizationId, ids });
  return { mode, machines: rows.map((r) => presentMachine(r, names, currentDeviceId)) };
}
