import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';

/** `call:updated` to the call's team, after the change committed (a stale `version` is dropped by the client). */
export function announceCall(deps: Pick<AppDeps, 'realtime' | 'log'>, call: Call): void {
  // The payload is the API's call: its `userGroupId` is the team the call is in.
  announceCallTo(deps, call.userGroupId, call);
}

/**
 * `call:updated` with `call` as it is to the room of team `teamId`: a team the call has just left
 * (a transfer) learns where it went, and its panel and queue drop it.
 */
export function announceCallTo(deps: Pick<AppDeps, 'realtime' | 'log'>, teamId: string, call: Call): void {
  publishSafely(deps, () => deps.realtime.publish(rooms.team(teamId), 'call:updated', { call }));
}
