import type { Passkey } from '@accueil/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { passkeys } from '../../../db/schema/sign-in';
import type { RequestContext } from '../../../http/request-context';
import { presentPasskey } from './passkeys.presenter';

/** GET /api/auth/passkeys: the signed-in user's passkeys, newest first. */
export async function listPasskeys(deps: AppDeps, ctx: RequestContext): Promise<Passkey[]> {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.organizationId, ctx.organizationId), eq(passkeys.userId, ctx.userId)))
    .orderBy(desc(passkeys.createdAt));
  return rows.map(presentPasskey);
}
