import type { Call } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { applyQueueUpdate } from './queue-calls';

const call = (id: string, queue: Call['queue'], patch: Partial<Call> = {}) =>
  ({ id, userGroupId: 'team-a', version: 1, endedAt: null, queue, ...patch }) as Call;
const queued = (at: string) => ({ status: 'queued' as const, parkNo: null, queuedAt: at });
const parked = (parkNo: number) => ({ status: 'parked' as const, parkNo, queuedAt: '2026-11-24T15:00:00Z' });

describe('applyQueueUpdate', () => {
  it('keeps waiting calls by arrival, then parked calls by park number', () => {
    let list: Call[] = [];
    list = applyQueueUpdate(list, call('p2', parked(2)), 'team-a');
    list = applyQueueUpdate(list, call('late', queued('2026-11-24T15:02:00Z')), 'team-a');
    list = applyQueueUpdate(list, call('p1', parked(1)), 'team-a');
    list = applyQueueUpdate(list, call('early', queued('2026-11-24T15:01:00Z')), 'team-a');
    expect(list.map((c) => c.id)).toEqual(['early', 'late', 'p1', 'p2']);
  });

  it('drops a call that was picked and completed, ended, or moved to another team; ignores stale versions and other teams', () => {
    const list = [
      call('a', queued('2026-11-24T15:01:00Z')),
      call('b', queued('2026-11-24T15:02:00Z')),
      call('c', queued('2026-11-24T15:03:00Z')),
    ];
    expect(
      applyQueueUpdate(
        list,
        call('a', { ...queued('2026-11-24T15:01:00Z'), status: 'completed' }, { version: 2 }),
        'team-a',
      ).map((c) => c.id),
    ).toEqual(['b', 'c']);
    expect(
      applyQueueUpdate(
        list,
        call('b', queued('2026-11-24T15:02:00Z'), { version: 2, endedAt: '2026-11-24T15:05:00Z' }),
        'team-a',
      ),
    ).toHaveLength(2);
    expect(
      applyQueueUpdate(
        list,
        call('c', queued('2026-11-24T15:03:00Z'), { version: 2, userGroupId: 'team-b' }),
        'team-a',
      ),
    ).toHaveLength(2);
    expect(applyQueueUpdate(list, call('a', null, { version: 1 }), 'team-a')).toHaveLength(3);
    expect(
      applyQueueUpdate(list, call('z', queued('2026-11-24T15:09:00Z'), { userGroupId: 'team-b' }), 'team-a'),
    ).toHaveLength(3);
  });
});
