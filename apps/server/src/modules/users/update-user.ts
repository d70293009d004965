import { AppError, isAdministrator, type UpdateUserRequest, type UserAccount } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';
import { listMemberships } from '../teams/index';
import { findUserRow, loadUserAccount } from './user-accounts';
import {
  assertAnotherAdministrator,
  assertUserEmailFree,
  assertUsernameFree,
  setPhoneLine,
} from './user-rules';
import { authorizeRole, authorizeUserManagement } from './users.policy';
import { roleOf } from './users.service';

/**
 * PUT /api/users/:id (administrators): role, names, username, e-mail, language, profession,
 * languages spoken, default team (one of their teams), signature, phone line. A role change
 * applies to the user's very next request (each request reads the role) and their tabs are
 * told to reload their abilities (`session:changed { reason: 'role' }`). A role change is
 * audited (`user.role-changed`, `{ from, to }`) in the same transaction.
 * @throws AppError `not-found` (404, another organisation's user too), `forbidden` (403: not an
 *   administrator, or a role above their own), `validation-failed` (a default team they are not
 *   in), `username-taken` / `email-taken` / `sip-line-taken` / `organization-last-administrator` (409).
 */
export async function updateUser(
  deps: AppDeps,
  ctx: RequestContext,
  input: { id: string; changes: UpdateUserRequest },
): Promise<UserAccount> {
  const { changes } = input;
  const outcome = await transactionWithEvents(deps, async (tx) => {
    const row = await findUserRow(tx, ctx.organizationId, input.id);
    authorizeUserManagement(ctx, row);
    const before = roleOf(row!.role);
    const roleChanged = changes.role !== undefined && changes.role !== before;
    if (roleChanged) {
      authorizeRole(ctx, changes.role!, before);
      if (isAdministrator(before) && !isAdministrator(changes.role!))
        await assertAnotherAdministrator(tx, { organizationId: ctx.organizationId, userId: row!.id });
    }
    if (changes.username !== undefined)
      await assertUsernameFree(tx, { username: changes.username, exceptUserId: row!.id });
    if (changes.email !== undefined)
      await assertUserEmailFree(
        deps,
        { organizationId: ctx.organizationId, email: changes.email, exceptUserId: row!.id },
        tx,
      );
    if (changes.defaultTeamId) {
      const mine = await listMemberships(deps, { organizationId: ctx.organizationId, userId: row!.id }, tx);
      if (!mine.some((m) => m.teamId === changes.defaultTeamId)) {
        throw new AppError('validation-failed', 'The default team must be one of the user’s teams', {
          field: 'defaultTeamId',
        });
      }
    }
    if (changes.phoneLine !== undefined)
      await setPhoneLine(tx, {
        organizationId: ctx.organizationId,
        userId: row!.id,
        sipUsername: changes.phoneLine,
      });
    const { signature, phoneLine: _line, ...columns } = changes;
    const set = {
      ...columns,
      ...(signature ? { signatureMode: signature.mode, signature: signature.content } : {}),
    };
    if (Object.keys(set).length) {
      await tx
        .update(users)
        .set(set)
        .where(and(eq(users.organizationId, ctx.organizationId), eq(users.id, row!.id)));
    }
    if (roleChanged) {
      await recordEvent(tx, {
        name: 'user.role-changed',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { userId: row!.id, from: before, to: changes.role! },
      });
    }
    return { roleChanged, account: await loadUserAccount(deps, ctx.organizationId, row!.id, tx) };
  });
  if (outcome.roleChanged)
    publishSafely(deps, () =>
      deps.realtime.publish(rooms.user(input.id), 'session:changed', { reason: 'role' }),
    );
  return outcome.account;
}
