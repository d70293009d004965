import type { LoginResponse, OnboardingInput } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { invitationCodes } from '../../db/schema/invitation-codes';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { hashPassword, openSignedInSession } from '../auth/index';
import { createOrganization } from '../organizations/index';
import { addTeamMemberships, createTeams } from '../teams/index';
import { assertUsernamesFree, createUsers, isUsernameViolation, usernameTaken } from '../users/index';
import { findOpenInvitationCode } from './check-invitation-code';

const sameLabel = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * POST /api/onboarding (docs/behaviour/onboarding.md): with an open invitation code, creates
 * the organisation, its teams (the first is the main one), its users (each in their teams,
 * their current team the first of them; in the organisation's locale), marks the code used,
 * records the domain event `organization.onboarded` in the new organisation (its administrator
 * as actor; the audit subscriber writes it in its log) and opens a session for the first user, its administrator — all in ONE transaction,
 * in the new organisation's scope (its id is chosen first): a failure leaves nothing behind and
 * the code still open. Invitation codes belong to no organisation (no row-level security).
 * @throws AppError `invitation-code-invalid` (400); `username-taken` or `email-taken` (409).
 */
export async function onboardOrganization(
  deps: AppDeps,
  input: OnboardingInput & { userAgent: string | null },
  now = new Date(),
): Promise<{ response: LoginResponse; refreshToken: string }> {
  // argon2 is slow on purpose: hash before the transaction, so no lock waits on it.
  const hashes = await Promise.all(input.users.map((u) => hashPassword(u.password)));
  // Usernames are unique across the installation: checked before the organisation exists, with
  // the `onboarding` access (the new organisation's own scope shows no other organisation's users).
  await withSystemAccess('onboarding', () =>
    assertUsernamesFree(
      deps,
      input.users.map((u) => u.username),
    ),
  );
  const organizationId = randomUUID();
  try {
    return await withOrganization(organizationId, () =>
      transactionWithEvents(deps, async (tx) => {
        const codeId = await findOpenInvitationCode(tx, input.invitationCode, now, true);
        const organization = await createOrganization(deps, tx, {
          ...input.clinic,
          id: organizationId,
          schedule: input.schedule,
        });
        const teams = await createTeams(deps, tx, {
          organizationId,
          labels: input.teams.map((t) => t.label.trim()),
        });
        const teamIdOf = (label: string) => teams.find((t) => sameLabel(t.label, label))!.id;
        const userIds = await createUsers(deps, tx, {
          organizationId,
          users: input.users.map((u, i) => ({
            firstName: u.firstName,
            lastName: u.lastName,
            username: u.username,
            email: u.email,
            passwordHash: hashes[i]!,
            role: u.role,
            locale: input.clinic.locale,
            currentTeamId: teamIdOf(u.teams[0]!),
          })),
        });
        const memberships = input.users.flatMap((u, i) =>
          [...new Set(u.teams.map(teamIdOf))].map((teamId) => ({ teamId, userId: userIds[i]! })),
        );
        await addTeamMemberships(deps, tx, { organizationId, memberships });
        await tx
          .update(invitationCodes)
          .set({ usedAt: now, usedByOrganizationId: organizationId })
          .where(eq(invitationCodes.id, codeId));
        await recordEvent(tx, {
          name: 'organization.onboarded',
          organizationId,
          actorUserId: userIds[0]!,
          payload: {
            invitationCodeId: codeId,
            name: organization.name,
            teams: teams.length,
            users: userIds.length,
          },
          occurredAt: now,
        });
        const { response, refreshToken } = await openSignedInSession(deps, tx, {
          userId: userIds[0]!,
          organizationId,
          userAgent: input.userAgent,
          now,
        });
        return { response, refreshToken };
      }),
    );
  } catch (err) {
    // Another onboarding took the username between the check and the insert.
    if (isUsernameViolation(err)) throw usernameTaken(input.users[0]!.username);
    throw err;
  }
}
