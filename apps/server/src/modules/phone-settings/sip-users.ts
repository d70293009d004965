import { AppError, SIP_USERS_MAX, type SipUser, type SipUserRequest } from '@accueil/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { sipUsers } from '../../db/schema/phone-settings';
import type { RequestContext } from '../../http/request-context';
import { authorizePhoneSettings, invalidField } from './phone-settings.policy';

const present = (row: typeof sipUsers.$inferSelect): SipUser => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
});

/** GET /api/sip-users (administrators): by user name. */
export async function listSipUsers(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<SipUser[]> {
  authorizePhoneSettings(ctx);
  const rows = await deps.db
    .select()
    .from(sipUsers)
    .where(eq(sipUsers.organizationId, ctx.organizationId))
    .orderBy(asc(sipUsers.username));
  return rows.map(present);
}

/**
 * POST /api/sip-users (administrators): a user name unused in the organisation (the SIP user
 * name rule is the request schema's), at most `SIP_USERS_MAX`.
 * @throws AppError `forbidden`, `sip-line-taken` (409), `validation-failed` (`max-count`).
 */
export async function createSipUser(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: SipUserRequest,
): Promise<SipUser> {
  authorizePhoneSettings(ctx);
  return deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(sipUsers)
      .where(eq(sipUsers.organizationId, ctx.organizationId));
    if (n >= SIP_USERS_MAX) throw invalidField('username', 'max-count', `At most ${SIP_USERS_MAX} SIP users`);
    const [row] = await tx
      .insert(sipUsers)
      .values({
        organizationId: ctx.organizationId,
        username: input.username,
        displayName: input.displayName?.trim() || null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('sip-line-taken', 'This SIP user name is already used');
    return present(row);
  });
}

/** DELETE /api/sip-users/:id (administrators). @throws AppError `forbidden`, `not-found`. */
export async function deleteSipUser(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizePhoneSettings(ctx);
  const [row] = await deps.db
    .delete(sipUsers)
    .where(and(eq(sipUsers.organizationId, ctx.organizationId), eq(sipUsers.id, id)))
    .returning({ id: sipUsers.id });
  if (!row) throw new AppError('not-found', 'SIP user not found');
}
