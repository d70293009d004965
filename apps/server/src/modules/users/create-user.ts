import { randomBytes } from 'node:crypto';
import { AppError, type CreateUserRequest, type UserAccount } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';
import { hashPassword } from '../auth/index';
import { listTeamsOfOrganization, upsertMemberships } from '../teams/index';
import { loadUserAccount } from './user-accounts';
import { assertUserEmailFree, assertUsernameFree, setPhoneLine } from './user-rules';
import { authorizeRole, authorizeUserManagement } from './users.policy';

/**
 * An invited account's password until they choose theirs: 256 random bits nobody is shown, with
 * one character of each class so it passes the password rules that `hashPassword` checks.
 */
const unknowablePassword = () => `${randomBytes(32).toString('base64url')}aA1!`;

/**
 * POST /api/users (administrators): a new user of the organisation, member of `teams` (their
 * default team, else the first, is where they start). `mode: 'create'` sets `password` now.
 * `mode: 'invite'` creates the account with a password nobody knows (the hash of random bytes,
 * never shown): the user signs in once they chose theirs through the invitation's link, which
 * the caller mails next (`POST /api/users/:id/invitation`, passwords module).
 * @throws AppError `forbidden` (403, also for a role above the administrator's own),
 *   `validation-failed` (400: no password, a default team they do not join), `not-found` (404:
 *   a team of another organisation), `username-taken` / `email-taken` / `sip-line-taken` (409).
 */
export async function createUser(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateUserRequest,
): Promise<UserAccount> {
  authorizeUserManagement(ctx);
  authorizeRole(ctx, input.role);
  if (input.mode === 'create' && !input.password)
    throw new AppError('validation-failed', 'A password is required', { field: 'password' });
  const teams = [...new Map(input.teams.map((t) => [t.teamId, t])).values()];
  if (input.defaultTeamId && !teams.some((t) => t.teamId === input.defaultTeamId)) {
    throw new AppError('validation-failed', 'The default team must be one of the user’s teams', {
      field: 'defaultTeamId',
    });
  }
  const passwordHash = await hashPassword(input.mode === 'invite' ? unknowablePassword() : input.password!);
  return deps.db.transaction(async (tx) => {
    const known = new Set((await listTeamsOfOrganization(deps, ctx.organizationId, tx)).map((t) => t.id));
    if (teams.some((t) => !known.has(t.teamId))) throw new AppError('not-found', 'Team not found');
    await assertUsernameFree(tx, { username: input.username });
    await assertUserEmailFree(deps, { organizationId: ctx.organizationId, email: input.email }, tx);
    const startTeam = input.defaultTeamId ?? teams[0]?.teamId ?? null;
    const [row] = await tx
      .insert(users)
      .values({
        organizationId: ctx.organizationId,
        username: input.username,
        email: input.email,
        displayName: input.displayName,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        role: input.role,
        locale: input.locale,
        profession: input.profession,
        languages: input.languages,
        defaultTeamId: input.defaultTeamId,
        currentTeamId: startTeam,
        signatureMode: input.signature.mode,
        signature: input.signature.content,
      })
      .returning({ id: users.id });
    await upsertMemberships(tx, { organizationId: ctx.organizationId, userId: row!.id, teams });
    if (input.phoneLine)
      await setPhoneLine(tx, {
        organizationId: ctx.organizationId,
        userId: row!.id,
        sipUsername: input.phoneLine,
      });
    return loadUserAccount(deps, ctx.organizationId, row!.id, tx);
  });
}
