import type { SipAssignment } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { findUserRow } from './user-accounts';
import { readPhoneLine } from './get-assigned-phone-line';
import { setPhoneLine } from './user-rules';
import { authorizeUserManagement } from './users.policy';

/**
 * PUT /api/sips/v1/users/assign/:id and PUT /api/sips/v1/users/unassign: the caller takes
 * (`sipUsername`) or frees (null) their own associated phone line; an administrator does it for
 * `userId` of their organisation.
 * @throws AppError `not-found` (404: `userId` missing or of another organisation), `forbidden`
 *   (403: another user's line, by a non-administrator), `sip-line-taken` (409).
 */
export async function assignPhoneLine(
  deps: AppDeps,
  ctx: RequestContext,
  input: { sipUsername: string | null; userId?: string },
): Promise<SipAssignment> {
  const userId = input.userId ?? ctx.userId;
  return deps.db.transaction(async (tx) => {
    if (userId !== ctx.userId)
      authorizeUserManagement(ctx, await findUserRow(tx, ctx.organizationId, userId));
    await setPhoneLine(tx, { organizationId: ctx.organizationId, userId, sipUsername: input.sipUsername });
    return { userId, sipUsername: await readPhoneLine(tx, userId) };
  });
}
