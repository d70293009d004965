import { AppError, type AllowedMachine } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { allowedMachines } from '../../db/schema/sign-in';
import type { RequestContext } from '../../http/request-context';
import { userNamesOf } from '../users/index';
import { presentMachine } from './machines.presenter';
import { authorizeSignInRestrictions } from './sign-in-security.policy';

/**
 * PUT /api/auth/machines/:id `{ name }` (administrators): names a machine of the allowlist.
 * @throws AppError `forbidden` (403), `not-found` (404: missing or another organisation's).
 */
export async function renameMachine(
  deps: AppDeps,
  ctx: RequestContext,
  input: { id: string; name: string },
  currentDeviceId: string | null,
): Promise<AllowedMachine> {
  authorizeSignInRestrictions(ctx);
  const [row] = await deps.db
    .update(allowedMachines)
    .set({ name: input.name })
    .where(and(eq(allowedMachines.id, input.id), eq(allowedMachines.organizationId, ctx.organizationId)))
    .returning();
  if (!row) throw new AppError('not-found', 'Machine not found');
  const names = await userNamesOf(deps, {
    organizationId: ctx.organizationId,
    ids: row.lastUserId ? [row.lastUserId] : [],
  });
  return presentMachine(row, names, currentDeviceId);
}
