import {
  COLLISION_TYPING_EXPIRY_MS,
  COLLISION_TYPING_THROTTLE_MS,
  COLLISION_VIEWING_EXPIRY_MS,
  COLLISION_VIEWING_HEARTBEAT_MS,
  type ConversationActivity,
} from '@accueil/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitPolledEvent, getRealtimeSocket } from '../../../lib/realtime';
import { useCollision } from './use-collision';

vi.mock('../../../lib/realtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/realtime')>()),
  getRealtimeSocket: vi.fn(),
}));

const CONVERSATION = '0b5a3b8e-8a57-4b61-9b7e-4d3c1f0a1111';
const marie = { id: '0b5a3b8e-8a57-4b61-9b7e-4d3c1f0a2222', name: 'Marie Tremblay' };
const luc = { id: '0b5a3b8e-8a57-4b61-9b7e-4d3c1f0a3333', name: 'Luc Gagnon' };
const emitted = vi.fn();

function activity(kind: ConversationActivity['kind'], user = marie, conversationId = CONVERSATION) {
  act(() => emitPolledEvent('conversation:activity', { conversationId, user, kind }));
}
function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
const names = (users: { name: string }[]) => users.map((u) => u.name);

beforeEach(() => {
  vi.useFakeTimers();
  emitted.mockClear();
  vi.mocked(getRealtimeSocket).mockReturnValue({ connected: true, emit: emitted } as never);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useCollision (docs/behaviour/notes-and-presence.md, "Who is viewing and typing")', () => {
  it('shows a colleague viewing until 40 s after their last heartbeat', () => {
    const { result } = renderHook(() => useCollision(CONVERSATION));
    activity('viewing');
    expect(names(result.current.viewers)).toEqual(['Marie Tremblay']);
    advance(COLLISION_VIEWING_HEARTBEAT_MS);
    activity('viewing');
    advance(COLLISION_VIEWING_EXPIRY_MS - 1);
    expect(names(result.current.viewers)).toEqual(['Marie Tremblay']);
    advance(1);
    expect(result.current.viewers).toEqual([]);
  });

  it('shows typing for 5 s after the last event, the typist viewing meanwhile; left ends both at once', () => {
    const { result } = renderHook(() => useCollision(CONVERSATION));
    activity('typing');
    expect(names(result.current.typers)).toEqual(['Marie Tremblay']);
    expect(names(result.current.viewers)).toEqual(['Marie Tremblay']);
    advance(COLLISION_TYPING_EXPIRY_MS - 1000);
    activity('typing');
    advance(COLLISION_TYPING_EXPIRY_MS - 1);
    expect(names(result.current.typers)).toEqual(['Marie Tremblay']);
    advance(1);
    expect(result.current.typers).toEqual([]);
    expect(names(result.current.viewers)).toEqual(['Marie Tremblay']);
    activity('typing');
    activity('left');
    expect(result.current.typers).toEqual([]);
    expect(result.current.viewers).toEqual([]);
  });

  it('lists several colleagues by name and ignores other conversations', () => {
    const { result } = renderHook(() => useCollision(CONVERSATION));
    activity('viewing', marie);
    activity('typing', luc);
    activity('typing', marie, '0b5a3b8e-8a57-4b61-9b7e-4d3c1f0a4444');
    expect(names(result.current.viewers)).toEqual(['Luc Gagnon', 'Marie Tremblay']);
    expect(names(result.current.typers)).toEqual(['Luc Gagnon']);
  });

  it('announces viewing at once, every 15 s and false when closed; typing at most once per second', () => {
    const { result, unmount } = renderHook(() => useCollision(CONVERSATION));
    expect(emitted).toHaveBeenLastCalledWith('conversation:viewing', {
      conversationId: CONVERSATION,
      viewing: true,
    });
    advance(COLLISION_VIEWING_HEARTBEAT_MS);
    expect(emitted.mock.calls.filter(([e]) => e === 'conversation:viewing')).toHaveLength(2);
    emitted.mockClear();
    for (let i = 0; i < 5; i += 1) {
      result.current.typed();
      advance(100);
    }
    expect(emitted.mock.calls).toEqual([['conversation:typing', { conversationId: CONVERSATION }]]);
    advance(COLLISION_TYPING_THROTTLE_MS);
    result.current.typed();
    expect(emitted).toHaveBeenCalledTimes(2);
    unmount();
    expect(emitted).toHaveBeenLastCalledWith('conversation:viewing', {
      conversationId: CONVERSATION,
      viewing: false,
    });
  });

  it('answers colleagues who arrive with its own viewing, once per throttle period; not the heartbeats of one already shown', () => {
    renderHook(() => useCollision(CONVERSATION));
    advance(COLLISION_TYPING_THROTTLE_MS);
    emitted.mockClear();
    const viewing = ['conversation:viewing', { conversationId: CONVERSATION, viewing: true }];
    activity('viewing', marie);
    advance(0);
    expect(emitted.mock.calls).toEqual([viewing]);
    advance(COLLISION_TYPING_THROTTLE_MS);
    activity('viewing', marie);
    advance(COLLISION_TYPING_THROTTLE_MS);
    expect(emitted).toHaveBeenCalledTimes(1);
    // Two arrivals right after an answer: one more answer, when the throttle period allows.
    activity('viewing', luc);
    advance(0);
    expect(emitted).toHaveBeenCalledTimes(2);
    activity('viewing', { id: '0b5a3b8e-8a57-4b61-9b7e-4d3c1f0a5555', name: 'Ève Roy' });
    advance(COLLISION_TYPING_THROTTLE_MS - 1);
    expect(emitted).toHaveBeenCalledTimes(2);
    advance(1);
    expect(emitted.mock.calls).toEqual([viewing, viewing, viewing]);
  });
});
