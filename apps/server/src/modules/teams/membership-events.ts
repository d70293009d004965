import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';

/**
 * After a membership change committed: the user's sockets (every tab, every server process)
 * join or leave the team's room at once, so they receive that team's events exactly while they
 * belong to it, and `session:changed { reason: 'teams' }` tells their tabs to reload the session
 * (team switcher, current team).
 */
export function announceMembershipChange(
  deps: Pick<AppDeps, 'realtime' | 'log'>,
  input: { userId: string; teamId: string; member: boolean },
): void {
  publishSafely(deps, () => {
    const team = [rooms.team(input.teamId)];
    deps.realtime.moveSockets(rooms.user(input.userId), input.member ? { join: team } : { leave: team });
    deps.realtime.publish(rooms.user(input.userId), 'session:changed', { reason: 'teams' });
  });
}
