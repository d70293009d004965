import type { Impersonation } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { withSystemAccess } from '../../db/tenant-scope';
import type { RequestContext } from '../../http/request-context';
import { getAnyUserName } from '../users/index';

/**
 * The display name of the devops user behind an impersonation ('' when gone). They belong to
 * another organisation than the session, so the name is read with the `impersonation` access;
 * call it outside any transaction of the session's organisation (a transaction keeps its scope).
 */
export function readImpersonatorName(deps: Pick<AppDeps, 'db'>, impersonatorId: string): Promise<string> {
  return withSystemAccess('impersonation', async () => (await getAnyUserName(deps, impersonatorId)) ?? '');
}

/**
 * The impersonation the request's session is (who impersonates — `impersonatorName`, read
 * beforehand with {@link readImpersonatorName} — and when it ends), or null for an ordinary
 * session. The session answers carry it so the web app shows its banner.
 */
export async function impersonationOf(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'sessionId' | 'impersonatorId'>,
  impersonatorName: string,
): Promise<Impersonation | null> {
  if (!ctx.impersonatorId) return null;
  const [session] = await tx
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, ctx.sessionId))
    .limit(1);
  if (!session?.expiresAt) return null;
  return {
    impersonator: { id: ctx.impersonatorId, name: impersonatorName },
    expiresAt: session.expiresAt.toISOString(),
  };
}
