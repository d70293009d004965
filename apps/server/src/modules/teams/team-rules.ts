import { AppError } from '@accueil/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { teams } from '../../db/schema/teams';
import { getOrganizationSettings } from '../organizations/index';
import { isEmailUsedByUser, listUserSummaries } from '../users/index';
import { listMemberships } from './team-memberships';

/** @throws AppError `team-label-taken` (409) when another team of the organisation has this label (case-insensitive). */
export async function assertTeamLabelFree(
  tx: DbOrTx,
  input: { organizationId: string; label: string; exceptTeamId?: string },
): Promise<void> {
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, input.organizationId),
        sql`lower(${teams.label}) = ${input.label.toLowerCase()}`,
        input.exceptTeamId ? ne(teams.id, input.exceptTeamId) : undefined,
      ),
    )
    .limit(1);
  if (rows.length) throw new AppError('team-label-taken', 'The team name must be unique.');
}

/**
 * A team's e-mail differs from the organisation's own e-mail (its settings) and from the other
 * teams' and the users' e-mails of the organisation, whatever the case.
 * @throws AppError `email-taken` (409) otherwise.
 */
export async function assertTeamEmailFree(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; email: string | null; exceptTeamId?: string },
  tx: DbOrTx = deps.db,
): Promise<void> {
  if (!input.email) return;
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, input.organizationId),
        sql`lower(${teams.email}) = ${input.email.toLowerCase()}`,
        input.exceptTeamId ? ne(teams.id, input.exceptTeamId) : undefined,
      ),
    )
    .limit(1);
  const organizationEmail = (await getOrganizationSettings(deps, input.organizationId, tx))?.email;
  const isOrganizations =
    !!organizationEmail && organizationEmail.toLowerCase() === input.email.toLowerCase();
  if (
    team ||
    isOrganizations ||
    (await isEmailUsedByUser(deps, { organizationId: input.organizationId, email: input.email }, tx))
  ) {
    throw new AppError('email-taken', 'This email is already in use');
  }
}

/**
 * The teams a user cannot leave: those where they are the last active administrator, and those
 * where they are the last active member (a team keeps at least one administrator and one user;
 * disabled accounts do not count). `teamIds` limits the check; labels are sorted.
 */
export async function teamsHeldBy(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; userId: string; teamIds?: readonly string[] },
  tx: DbOrTx = deps.db,
): Promise<{ lastAdministratorOf: string[]; lastMemberOf: string[] }> {
  const own = await listMemberships(deps, { organizationId: input.organizationId, userId: input.userId }, tx);
  const teamIds = own.map((m) => m.teamId).filter((id) => !input.teamIds || input.teamIds.includes(id));
  const all = await listMemberships(deps, { organizationId: input.organizationId, teamIds }, tx);
  const others = all.filter((m) => m.userId !== input.userId);
  const active = new Set(
    (
      await listUserSummaries(
        deps,
        { organizationId: input.organizationId, userIds: [...new Set(others.map((m) => m.userId))] },
        tx,
      )
    )
      .filter((u) => !u.disabled)
      .map((u) => u.id),
  );
  const labels = new Map(
    (
      await tx
        .select({ id: teams.id, label: teams.label })
        .from(teams)
        .where(eq(teams.organizationId, input.organizationId))
    ).map((t) => [t.id, t.label]),
  );
  const lastAdministratorOf: string[] = [];
  const lastMemberOf: string[] = [];
  for (const m of own.filter((o) => teamIds.includes(o.teamId))) {
    const rest = others.filter((o) => o.teamId === m.teamId && active.has(o.userId));
    const label = labels.get(m.teamId) ?? m.teamId;
    if (rest.length === 0) lastMemberOf.push(label);
    else if (m.administrator && !rest.some((o) => o.administrator)) lastAdministratorOf.push(label);
  }
  const byName = (a: string, b: string) => a.localeCompare(b);
  return { lastAdministratorOf: lastAdministratorOf.sort(byName), lastMemberOf: lastMemberOf.sort(byName) };
}

/**
 * @throws AppError `team-last-member` or `team-last-administrator` (409) listing the teams
 *   (`details.teams`, labels) where the user is the last active member or administrator.
 */
export function assertNotLastOfTeams(held: { lastAdministratorOf: string[]; lastMemberOf: string[] }): void {
  if (held.lastMemberOf.length) {
    throw new AppError(
      'team-last-member',
      `This user is the last user of these teams: ${held.lastMemberOf.join(', ')}.`,
      { teams: held.lastMemberOf },
    );
  }
  if (held.lastAdministratorOf.length) {
    throw new AppError(
      'team-last-administrator',
      `This user is the last administrator of these teams: ${held.lastAdministratorOf.join(', ')}.`,
      {
        teams: held.lastAdministratorOf,
      },
    );
  }
}

/** True when a team of the organisation has this e-mail (case-insensitive): a user's e-mail must differ from it. */
export async function isEmailUsedByTeam(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; email: string },
  tx: DbOrTx = deps.db,
): Promise<boolean> {
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, input.organizationId),
        sql`lower(${teams.email}) = ${input.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
