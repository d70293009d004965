import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent } from '../../lib/realtime';
import { fetchTeamUnreadCounts, labelKeys } from './api';

/** Wait after the last event before reading the counts again (ms): a burst of texts is one read. */
const REFRESH_DEBOUNCE_MS = 500;

/**
 * The unread active conversations of each of the user's teams (`GET /api/teams/unread-counts`,
 * docs/behaviour/labels.md), read while `enabled` (the team switcher's menu is open) and again,
 * debounced, on the realtime events that change read state or bring a message — the user's
 * sockets are in every one of their teams' rooms.
 */
export function useTeamUnreadCounts(enabled: boolean) {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refresh = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: labelKeys.teamUnreadCounts });
    }, REFRESH_DEBOUNCE_MS);
  };
  useRealtimeEvent('message:created', refresh);
  useRealtimeEvent('conversation:updated', refresh);
  useRealtimeEvent('conversation:removed', refresh);
  return useQuery({
    queryKey: labelKeys.teamUnreadCounts,
    queryFn: ({ signal }) => fetchTeamUnreadCounts(signal),
    enabled,
  });
}
