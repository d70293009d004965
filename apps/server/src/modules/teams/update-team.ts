import type { TeamConfig, UpdateTeamRequest } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { teams } from '../../db/schema/teams';
import type { RequestContext } from '../../http/request-context';
import { assertPhoneNumberFree } from './team-phone';
import { findTeamRow, loadTeamConfig } from './team-configs';
import { assertTeamEmailFree, assertTeamLabelFree } from './team-rules';
import { authorizeTeamManagement, teamNotFound } from './teams.policy';

/**
 * PUT /api/teams/:id (administrators): label, e-mail, phone number, default inbox, auto-assign.
 * @throws AppError `not-found` (404, another organisation's team too), `forbidden` (403),
 *   `team-label-taken` / `email-taken` (409), `validation-failed` for a taken phone number.
 */
export async function updateTeam(
  deps: AppDeps,
  ctx: RequestContext,
  input: { id: string; changes: UpdateTeamRequest },
): Promise<TeamConfig> {
  return deps.db.transaction(async (tx) => {
    const row = await findTeamRow(tx, ctx.organizationId, input.id);
    if (!row) throw teamNotFound();
    authorizeTeamManagement(ctx);
    const { changes } = input;
    if (changes.label !== undefined)
      await assertTeamLabelFree(tx, {
        organizationId: ctx.organizationId,
        label: changes.label,
        exceptTeamId: row.id,
      });
    if (changes.email !== undefined)
      await assertTeamEmailFree(
        deps,
        { organizationId: ctx.organizationId, email: changes.email, exceptTeamId: row.id },
        tx,
      );
    if (changes.phoneNumber !== undefined)
      await assertPhoneNumberFree(tx, { phoneNumber: changes.phoneNumber, exceptTeamId: row.id });
    if (Object.keys(changes).length) {
      await tx
        .update(teams)
        .set(changes)
        .where(and(eq(teams.organizationId, ctx.organizationId), eq(teams.id, row.id)));
    }
    return loadTeamConfig(deps, ctx, row.id, tx);
  });
}
