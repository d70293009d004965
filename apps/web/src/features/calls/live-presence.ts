import type { TransferTargets, RealtimeEvents } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent } from '../../lib/realtime';
import { callKeys } from './use-calls';

/**
 * Where to transfer (`GET …/calls/availability`) with one user's presence changed: every team
 * listing them shows the new status. The same object when nothing changes. Pure.
 */
export function withPresence(
  targets: TransferTargets,
  change: RealtimeEvents['presence:updated'],
): TransferTargets {
  if (
    !targets.teams.some((team) =>
      team.users.some((u) => u.id === change.userId && u.status !== change.status),
    )
  )
    return targets;
  return {
    ...targets,
    teams: targets.teams.map((team) => ({
      ...team,
      users: team.users.map((u) => (u.id === change.userId ? { ...u, status: change.status } : u)),
    })),
  };
}

/** Keeps the cached transfer targets' presences live while mounted (docs/behaviour/realtime.md, "Presence"). */
export function useLivePresence(): void {
  const queryClient = useQueryClient();
  const onChange = useCallback(
    (change: RealtimeEvents['presence:updated']) =>
      queryClient.setQueryData<TransferTargets>(
        callKeys.transferTargets(),
        (data) => data && withPresence(data, change),
      ),
    [queryClient],
  );
  useRealtimeEvent('presence:updated', onChange);
}
