import type { Call, Message } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { callEntryKind, interleaveTimeline, upsertCall } from './call-timeline';

const message = (id: string, createdAt: string) => ({ id, createdAt }) as Message;
const call = (id: string, startedAt: string, patch: Partial<Call> = {}) =>
  ({
    id,
    startedAt,
    version: 1,
    direction: 'inbound',
    missed: false,
    voicemail: null,
    endedAt: '2026-11-24T15:10:00Z',
    answeredAt: startedAt,
    ...patch,
  }) as Call;

describe('interleaveTimeline', () => {
  it('puts calls among the messages by time, the message first on a tie', () => {
    const entries = interleaveTimeline(
      [message('m1', '2026-11-24T15:00:00Z'), message('m2', '2026-11-24T15:05:00Z')],
      [call('c1', '2026-11-24T15:02:00Z'), call('c2', '2026-11-24T15:05:00Z')],
      true,
    );
    expect(entries.map((e) => (e.kind === 'call' ? e.call.id : e.message.id))).toEqual([
      'm1',
      'c1',
      'm2',
      'c2',
    ]);
  });

  it('leaves out calls older than the oldest loaded message while older messages remain', () => {
    const messages = [message('m5', '2026-11-24T15:00:00Z')];
    const calls = [call('old', '2026-11-20T15:00:00Z'), call('new', '2026-11-24T16:00:00Z')];
    expect(interleaveTimeline(messages, calls, false).map((e) => e.at)).toEqual([
      '2026-11-24T15:00:00Z',
      '2026-11-24T16:00:00Z',
    ]);
    expect(interleaveTimeline(messages, calls, true)).toHaveLength(3);
    expect(interleaveTimeline([], calls, false)).toHaveLength(2);
  });
});

describe('callEntryKind', () => {
  it('tells voicemail, callback requests, missed, answered, outbound and ongoing calls apart', () => {
    expect(
      callEntryKind(
        call('a', '2026-11-24T15:00:00Z', { status: 'callback-request', missed: true, answeredAt: null }),
      ),
    ).toBe('callback');
    expect(
      callEntryKind(
        call('a', '2026-11-24T15:00:00Z', {
          voicemail: { id: 'r', duration: 3, deleted: false },
          missed: true,
        }),
      ),
    ).toBe('voicemail');
    expect(callEntryKind(call('a', '2026-11-24T15:00:00Z', { missed: true, answeredAt: null }))).toBe(
      'missed',
    );
    expect(callEntryKind(call('a', '2026-11-24T15:00:00Z'))).toBe('answered');
    expect(callEntryKind(call('a', '2026-11-24T15:00:00Z', { endedAt: null }))).toBe('ongoing');
    expect(callEntryKind(call('a', '2026-11-24T15:00:00Z', { direction: 'outbound' }))).toBe('outbound');
    expect(
      callEntryKind(call('a', '2026-11-24T15:00:00Z', { direction: 'outbound', answeredAt: null })),
    ).toBe('outbound-unanswered');
  });
});

describe('upsertCall', () => {
  it('adds a new call in start order and replaces a call only with a newer version', () => {
    const list = [call('a', '2026-11-24T15:00:00Z'), call('c', '2026-11-24T17:00:00Z')];
    expect(upsertCall(list, call('b', '2026-11-24T16:00:00Z')).map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(
      upsertCall(list, call('a', '2026-11-24T15:00:00Z', { version: 2, endedAt: null }))[0],
    ).toMatchObject({ version: 2, endedAt: null });
    expect(
      upsertCall(list, call('a', '2026-11-24T15:00:00Z', { version: 1, endedAt: null }))[0],
    ).toMatchObject({ endedAt: '2026-11-24T15:10:00Z' });
  });
});
