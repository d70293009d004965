import type { TeamConfig } from '@accueil/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { teams } from '../../db/schema/teams';
import type { RequestContext } from '../../http/request-context';
import { listUserSummaries } from '../users/index';
import { listMemberships } from './team-memberships';
import { presentTeamConfig } from './teams.presenter';

/** The team row of the organisation, or null (another organisation's team too). */
export async function findTeamRow(tx: DbOrTx, organizationId: string, teamId: string) {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

/**
 * The organisation's teams (all, or `teamIds`) as the configuration shows them to the reader,
 * main team first, then by label.
 */
export async function loadTeamConfigs(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  teamIds?: readonly string[],
  tx: DbOrTx = deps.db,
): Promise<TeamConfig[]> {
  const rows = await tx
    .select()
    .from(teams)
    .where(
      and(
        eq(teams.organizationId, ctx.organizationId),
        teamIds ? inArray(teams.id, [...teamIds]) : undefined,
      ),
    )
    .orderBy(desc(teams.main), asc(teams.label));
  const memberships = await listMemberships(
    deps,
    { organizationId: ctx.organizationId, teamIds: rows.map((r) => r.id) },
    tx,
  );
  const people = new Map(
    (
      await listUserSummaries(
        deps,
        { organizationId: ctx.organizationId, userIds: [...new Set(memberships.map((m) => m.userId))] },
        tx,
      )
    ).map((u) => [u.id, u]),
  );
  return rows.map((row) =>
    presentTeamConfig(
      row,
      memberships
        .filter((m) => m.teamId === row.id)
        .map((m) => ({
          userId: m.userId,
          displayName: people.get(m.userId)?.displayName ?? '',
          administrator: m.administrator,
        })),
      ctx.userId,
    ),
  );
}

/** One team of the organisation as the configuration shows it (call it for a team known to exist). */
export async function loadTeamConfig(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId' | 'userId'>,
  teamId: string,
  tx: DbOrTx = deps.db,
): Promise<TeamConfig> {
  const [team] = await loadTeamConfigs(deps, ctx, [teamId], tx);
  if (!team) throw new Error(`team ${teamId} vanished`);
  return team;
}
