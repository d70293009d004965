import {
  callEndpoints,
  organizationEndpoints,
  phoneSettingsEndpoints,
  type Call,
  type RealtimeEvents,
} from '@accueil/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/endpoint-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { applyQueueUpdate } from './queue-calls';

/** Query keys of the calls layer, all under `['calls']`. */
export const callKeys = {
  all: ['calls'] as const,
  /** The organisation's tier (what calls it may place, whether extensions are offered). */
  tier: (organizationId: string | null) => ['calls', 'tier', organizationId] as const,
  /** Who can take a transfer, by team, with their presence (patched by `presence:updated`). */
  transferTargets: () => ['calls', 'transfer-targets'] as const,
  transferExtensions: () => ['calls', 'transfer-extensions'] as const,
  /** The current team's queue (patched by `call:updated`). */
  queue: (teamId: string | null) => ['calls', 'queue', teamId] as const,
};

/** The organisation's tier (GET /api/organizations/:id/tier), read once per session; nothing without an organisation. */
export function useOrganizationTier(organizationId: string | null) {
  return useQuery({
    queryKey: callKeys.tier(organizationId),
    queryFn: ({ signal }) =>
      api.call(organizationEndpoints.tier, { params: { id: organizationId! }, signal }),
    enabled: organizationId !== null,
    staleTime: Infinity,
  });
}

/** Who can take a transfer now, the transfer targets (GET /api/voice/v1/calls/availability), read afresh each time a dialog opens. */
export function useTransferTargets() {
  return useQuery({
    queryKey: callKeys.transferTargets(),
    queryFn: ({ signal }) => api.call(callEndpoints.transferTargets, { signal }),
    staleTime: 0,
  });
}

/** The organisation's transfer extensions (read only when `enabled`: the tier offers them). */
export function useTransferExtensions(enabled: boolean) {
  return useQuery({
    queryKey: callKeys.transferExtensions(),
    queryFn: ({ signal }) => api.call(phoneSettingsEndpoints.listTransferExtensions, { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * The team's call queue (GET /api/voice/v1/queues), read once and kept live by `call:updated`
 * (each update patches the cached queue: docs/behaviour/calls.md, "The queue"). `patch(call)`
 * applies a call the caller got otherwise (a pick's answer) the same way.
 */
export function useCallQueue(teamId: string | null) {
  const client = useQueryClient();
  const queue = useQuery({
    queryKey: callKeys.queue(teamId),
    queryFn: ({ signal }) => api.call(callEndpoints.queue, { signal }),
    enabled: teamId !== null,
    staleTime: Infinity,
  });
  const patch = useCallback(
    (call: Call) =>
      client.setQueryData(callKeys.queue(teamId), (data: { calls: Call[] } | undefined) =>
        data ? { calls: applyQueueUpdate(data.calls, call, teamId) } : data,
      ),
    [client, teamId],
  );
  const onCall = useCallback(({ call }: RealtimeEvents['call:updated']) => patch(call), [patch]);
  useRealtimeEvent('call:updated', onCall);
  return { queue, patch };
}
