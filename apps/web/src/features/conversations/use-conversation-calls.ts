import { callEndpoints, type Call, type RealtimeEvents } from '@accueil/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/endpoint-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { upsertCall } from './call-timeline';

/** Query key of a conversation's calls. */
export const conversationCallsKey = (id: string) => ['conversations', 'calls', id] as const;

/**
 * The open conversation's calls (`GET /api/conversations/:id/calls`, oldest first), kept live
 * by `call:updated`: a newer version of a call of this conversation replaces it, a new one is
 * added in its place by time (docs/behaviour/calls.md, "Calls in the conversation").
 */
export function useConversationCalls(conversationId: string): Call[] {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: conversationCallsKey(conversationId),
    queryFn: ({ signal }) =>
      api.call(callEndpoints.listOfConversation, { params: { id: conversationId }, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const onCall = useCallback(
    ({ call }: RealtimeEvents['call:updated']) => {
      if (!call.conversationId) return;
      client.setQueryData(conversationCallsKey(call.conversationId), (data: { calls: Call[] } | undefined) =>
        data ? { calls: upsertCall(data.calls, call) } : data,
      );
    },
    [client],
  );
  useRealtimeEvent('call:updated', onCall);
  return query.data?.calls ?? [];
}
