import type { Call } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';

/** `call:updated` to the call's team, after the change committed (a stale `version` is dropped by the client). */
export function announceCall(deps: Pick<AppDeps, 'realtime' | 'log'>, call: Call): void {
  publishSafely(deps, () => deps.realtime.publish(rooms.team(call.userGroupId), 'call:updated', { call }));
}
