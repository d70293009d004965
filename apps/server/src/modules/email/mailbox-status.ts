import { can, emailProviderSchema, type MailboxStatus } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';
import { getTeamEmail, isTeamMember } from '../teams/index';
import { mailboxTeamNotFound } from './email.policy';
import { findTeamMailbox, type MailboxRow } from './mailboxes';

/** The version of a team without a mailbox row (its row was never made). */
const NO_ROW_VERSION = new Date(0);

/**
 * A team's mailbox as its members see it (`MailboxStatus`): connected or not, its vendor, valid
 * or not, versioned by the row's `updatedAt` (`at` when the row was just deleted).
 */
export function presentMailboxStatus(
  teamId: string,
  row: MailboxRow | null,
  at = NO_ROW_VERSION,
): MailboxStatus {
  return {
    teamId,
    connected: row !== null,
    address: row?.address ?? null,
    provider: emailProviderSchema.safeParse(row?.vendor).data ?? null,
    valid: row?.valid ?? true,
    version: (row?.updatedAt ?? at).toISOString(),
  };
}

/**
 * `GET /api/teams/:id/mailbox/status` (docs/behaviour/email.md, "Disconnected teams"): whether
 * the team's mailbox works, for the team's members (who see the disconnected dialog) and the
 * organisation's administrators. Another team's (not a member) or organisation's answers 404.
 * @throws AppError 'not-found'.
 */
export async function getMailboxStatus(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  teamId: string,
): Promise<MailboxStatus> {
  const team = await getTeamEmail(deps.db, ctx.organizationId, teamId);
  if (!team) throw mailboxTeamNotFound();
  const administrator = can(actorOf(ctx), 'team.manage', { organizationId: ctx.organizationId });
  if (!administrator && !(await isTeamMember(deps, { ...ctx, teamId }))) throw mailboxTeamNotFound();
  return presentMailboxStatus(teamId, await findTeamMailbox(deps.db, ctx.organizationId, teamId));
}

/**
 * Announces the team's mailbox as it now stands (`mailbox:updated` to the team's room), after
 * a change committed: connected, disconnected, or found disconnected by a refused sign-in.
 * Never throws (a failed publish is logged; the members' next load reads the state anyway).
 */
export async function announceMailboxStatus(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'log'>,
  organizationId: string,
  teamId: string,
): Promise<void> {
  let status: MailboxStatus;
  try {
    status = presentMailboxStatus(teamId, await findTeamMailbox(deps.db, organizationId, teamId), new Date());
  } catch (error) {
    deps.log.warn({ err: error, teamId }, 'mailbox status not announced');
    return;
  }
  publishSafely(deps, () => deps.realtime.publish(rooms.team(teamId), 'mailbox:updated', status));
}
