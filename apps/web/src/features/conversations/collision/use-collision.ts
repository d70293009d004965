import {
  COLLISION_TYPING_THROTTLE_MS,
  COLLISION_VIEWING_HEARTBEAT_MS,
  type ClientToServerEvents,
} from '@accueil/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getRealtimeSocket, subscribeRealtimeState, useRealtimeEvent } from '../../../lib/realtime';
import {
  applyActivity,
  liveActivity,
  NO_COLLISION,
  type CollisionState,
  type CollisionUser,
} from './collision-state';

/** Emits a collision event when the socket is connected (a reconnect announces the viewing again). */
function emit<K extends 'conversation:viewing' | 'conversation:typing'>(
  event: K,
  payload: Parameters<ClientToServerEvents[K]>[0],
): void {
  const socket = getRealtimeSocket();
  if (!socket?.connected) return;
  (socket.emit as (e: K, p: typeof payload) => void)(event, payload);
}

/** What {@link useCollision} gives the conversation's view. */
export interface Collision {
  /** Colleagues with the conversation open, by name. */
  viewers: CollisionUser[];
  /** Colleagues typing a reply or a note in it, by name. */
  typers: CollisionUser[];
  /** Call on every keystroke in the composer: announces typing, at most once per `COLLISION_TYPING_THROTTLE_MS`. */
  typed: () => void;
}

/**
 * The collision warnings of the open conversation (docs/behaviour/notes-and-presence.md, "Who is
 * viewing and typing"): announces that the user views it (at once, every
 * `COLLISION_VIEWING_HEARTBEAT_MS`, after each reconnect, and when a colleague arrives, so that
 * they see who is already there; `viewing: false` when it closes) and
 * types in it (`typed`, throttled), and follows the team's `conversation:activity` for it, each
 * viewing or typing shown until it expires (`applyActivity`). The server never sends the user's
 * own activity back.
 */
export function useCollision(conversationId: string): Collision {
  // Held with the conversation it is about: another conversation starts from nobody.
  const [held, setHeld] = useState<{ conversationId: string; state: CollisionState }>({
    conversationId,
    state: NO_COLLISION,
  });
  const state = held.conversationId === conversationId ? held.state : NO_COLLISION;
  const [now, setNow] = useState(() => Date.now());
  const lastTyped = useRef(-Infinity);
  const lastAnnounced = useRef(-Infinity);
  const shown = useRef<CollisionState>(NO_COLLISION);
  const answer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    shown.current = state;
  }, [state]);

  useEffect(() => {
    lastTyped.current = -Infinity;
    const announce = () => {
      lastAnnounced.current = Date.now();
      emit('conversation:viewing', { conversationId, viewing: true });
    };
    announce();
    const heartbeat = setInterval(announce, COLLISION_VIEWING_HEARTBEAT_MS);
    const stopWatching = subscribeRealtimeState((s) => s === 'connected' && announce());
    return () => {
      clearInterval(heartbeat);
      if (answer.current) clearTimeout(answer.current);
      answer.current = null;
      stopWatching();
      emit('conversation:viewing', { conversationId, viewing: false });
    };
  }, [conversationId]);

  useRealtimeEvent('conversation:activity', (activity) => {
    if (activity.conversationId !== conversationId) return;
    const at = Date.now();
    // A colleague who just opened it learns who is already there: answered at once rather than
    // at the next heartbeat, or as soon as the throttle period since the last announce allows
    // (once for any number of arrivals meanwhile; the server drops a repeat sooner).
    const arrival = activity.kind === 'viewing' && !shown.current.has(activity.user.id);
    if (arrival && !answer.current) {
      const wait = Math.max(0, lastAnnounced.current + COLLISION_TYPING_THROTTLE_MS - at);
      answer.current = setTimeout(() => {
        answer.current = null;
        lastAnnounced.current = Date.now();
        emit('conversation:viewing', { conversationId, viewing: true });
      }, wait);
    }
    setHeld((h) => ({
      conversationId,
      state: applyActivity(h.conversationId === conversationId ? h.state : NO_COLLISION, activity, at),
    }));
    setNow(at);
  });

  const live = liveActivity(state, now);
  // Looks again when the next viewing or typing ends, so it disappears on time.
  useEffect(() => {
    if (live.nextChange === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, live.nextChange - Date.now()));
    return () => clearTimeout(timer);
  }, [live.nextChange]);

  const typed = useCallback(() => {
    const at = Date.now();
    if (at - lastTyped.current < COLLISION_TYPING_THROTTLE_MS) return;
    lastTyped.current = at;
    emit('conversation:typing', { conversationId });
  }, [conversationId]);

  return { viewers: live.viewers, typers: live.typers, typed };
}
